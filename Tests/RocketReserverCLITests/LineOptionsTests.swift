import Foundation
import TestSupport
import Testing

/// Options on a shell or script line: `--verbose` and `--header` apply to that line; those that
/// choose the server or the timeout say truly that they are for the whole run.
@Suite struct LineOptionsTests {
  @Test func verboseAndHeaderApplyToTheirLine() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let input = "total -v --header 'X-Line: one'\ntotal\n"
    let run = try fixture.run(["--endpoint", stub.url().absoluteString], input: input)
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput == "7 trips booked in all\n7 trips booked in all\n")
    // One report: the first line's request only.
    #expect(run.standardError.components(separatedBy: "TotalTripsBooked: 200").count == 2)
    #expect(stub.requests.count == 2)
    #expect(stub.requests.first?.header("x-line") == "one")
    #expect(stub.requests.last?.header("x-line") == nil)
  }

  @Test func wholeRunOptionsSaySo() throws {
    let fixture = try ShellFixture()
    let input = """
      launch 1 --timeout 3
      launch 1 --endpoint http://127.0.0.1:1/graphql
      launch 1 --header 'Authorization: token'

      """
    let run = try fixture.run([], input: input)
    #expect(run.status == 2)
    #expect(
      run.standardError.split(separator: "\n").map(String.init) == [
        "rocket-reserver: line 1: launch: --timeout applies to a whole run: give it when starting rocket-reserver",
        "rocket-reserver: line 2: launch: --endpoint chooses the server for a whole run: give it when starting rocket-reserver",
        "rocket-reserver: line 3: --header 'Authorization: ...' replaces the saved token for a whole run: give it when starting rocket-reserver",
      ])
  }
}
