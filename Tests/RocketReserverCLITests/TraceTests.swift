import Foundation
import TestSupport
import Testing

/// `--trace` shows every request and response in full, `--print-curl` each request as a curl
/// command line; neither ever shows a token.
@Suite struct TraceTests {
  @Test func traceShowsRequestsAndResponsesWithTheTokenMasked() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let run = try fixture.run([
      "--no-apq", "--endpoint", endpoint, "--header", "Authorization: secret-token", "--header",
      "X-Team: rockets", "--trace", "total",
    ])
    #expect(run.status == 0)
    #expect(run.standardOutput == "7 trips booked in all\n")
    let trace = run.standardError
    #expect(trace.contains("> POST \(endpoint)"))
    #expect(trace.contains("> Authorization: ***"))
    #expect(trace.contains("> X-Team: rockets"))
    #expect(trace.contains(#"> {"query":"query TotalTripsBooked"#))
    #expect(trace.contains("< 200 31 bytes"))
    #expect(trace.contains(#"< {"data":{"totalTripsBooked":7}}"#))
    #expect(!trace.contains("secret-token"))
    // -vv is the same, as curl users type it.
    let short = try fixture.run(["--endpoint", endpoint, "-vv", "total"])
    #expect(short.standardError.contains("< 200 31 bytes"))
  }

  @Test func traceShowsEveryRequestFieldAndTheResponsesFieldsWithSecretsMasked() throws {
    let answer = LoopbackHTTPStub.Response(
      headers: [
        "Content-Type": "application/json", "Cache-Control": "private, max-age=0", "ETag": #""v7""#,
        "X-Request-ID": "req-42", "Set-Cookie": "session=s3cret",
      ], body: Data(#"{"data":{"totalTripsBooked":7}}"#.utf8))
    let stub = try LoopbackHTTPStub(response: answer)
    let run = try ShellFixture().run([
      "--no-apq", "--endpoint", stub.url().absoluteString, "--trace", "total",
    ])
    #expect(run.status == 0)
    let trace = run.standardError
    // The fields the transport adds, not only the added ones.
    #expect(trace.contains("> Content-Type: application/json"), "\(trace)")
    #expect(trace.contains("> Accept: multipart/mixed;incrementalSpec=v0.2"))
    #expect(trace.contains("> X-APOLLO-OPERATION-NAME: TotalTripsBooked"))
    // The answer's, before its body.
    #expect(trace.contains("< cache-control: private, max-age=0"))
    #expect(trace.contains(#"< etag: "v7""#))
    #expect(trace.contains("< x-request-id: req-42"))
    #expect(trace.contains("< set-cookie: ***"))
    #expect(!trace.contains("s3cret"))
  }

  @Test func printCurlGivesALineToPasteAndWorksPerShellLine() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let run = try fixture.run(
      ["--no-apq", "--endpoint", endpoint, "--header", "Authorization: secret-token"],
      input: "total --print-curl\ntotal\n")
    #expect(run.status == 0)
    let lines = run.standardError.split(separator: "\n").filter { $0.hasPrefix("curl ") }
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("curl -sS \(endpoint) -H 'Content-Type: application/json'") == true)
    #expect(lines.first?.contains(#"-H "Authorization: $TOKEN""#) == true)
    #expect(!run.standardError.contains("secret-token"))
  }

  /// The TLS options reach the curl line too, so it checks certificates as the request did.
  @Test func printCurlRepeatsTheTLSOptions() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let caFile = fixture.root.appendingPathComponent("ca.pem").path
    try Data("not checked for http://".utf8).write(to: URL(fileURLWithPath: caFile))
    let run = try fixture.run([
      "--no-apq", "--endpoint", endpoint, "--cacert", caFile, "-k", "--print-curl", "total",
    ])
    #expect(run.status == 0)
    #expect(
      run.standardError.contains("curl -sS \(endpoint) --cacert \(caFile) --insecure -H"),
      "\(run.standardError)")
    let missing = try fixture.run(["--endpoint", endpoint, "--cacert", caFile + ".absent", "total"])
    #expect(missing.status == 2)
    #expect(missing.standardError.contains("--cacert \(caFile).absent: No such file or directory"))
  }
}
