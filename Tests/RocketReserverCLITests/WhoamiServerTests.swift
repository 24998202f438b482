import Foundation
import TestSupport
import Testing

/// `whoami` says which server the login is on, as `gh auth status` does.
@Suite struct WhoamiServerTests {
  @Test func whoamiNamesTheServer() throws {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"me":{"id":"7","email":"bob@example.com","trips":[]}}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let run = try fixture.run(["--endpoint", endpoint, "--header", "Authorization: token", "whoami"])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput == "bob@example.com (user 7, 0 trips booked) on \(endpoint)\n")
  }
}
