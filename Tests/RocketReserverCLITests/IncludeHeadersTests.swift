import Foundation
import TestSupport
import Testing

/// `-i, --include` prints each answer's status line and header fields before the result, as
/// curl -i does, with tokens and cookies masked; with `--json` on standard error, so standard
/// output stays one document.
@Suite struct IncludeHeadersTests {
  @Test func theHeadComesBeforeTheResultAgainstServe() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let run = try fixture.run(["--endpoint", endpoint, "launches", "-i", "--page-size", "2"])
    #expect(run.status == 0, "\(run.standardError)")
    let parts = run.standardOutput.components(separatedBy: "\n\n")
    let head = try #require(parts.first)
    #expect(head.hasPrefix("HTTP 200\n"), "\(run.standardOutput)")
    #expect(head.contains("\ncontent-type: application/"), "\(head)")
    // Then the table, as without -i.
    let plain = try fixture.run(["--endpoint", endpoint, "launches", "--page-size", "2"])
    #expect(run.standardOutput.hasSuffix(plain.standardOutput))
    // With --json the head goes to standard error: standard output parses as JSON.
    let json = try fixture.run(["--endpoint", endpoint, "--include", "launches", "--json"])
    #expect(json.status == 0)
    #expect((try? JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8))) != nil)
    #expect(json.standardError.hasPrefix("HTTP 200\n"), "\(json.standardError)")
    // The embedded backend has no HTTP head: a note says so.
    let embedded = try fixture.run(["launches", "-i", "--page-size", "1"])
    #expect(embedded.standardError.contains("(answered by the embedded backend, in-process: no HTTP status"))
    #expect(!embedded.standardOutput.hasPrefix("HTTP"))
  }

  @Test func tokensAndCookiesAreMasked() throws {
    let answer = LoopbackHTTPStub.Response(
      headers: [
        "Content-Type": "application/json", "Set-Cookie": "session=s3cret", "X-Request-ID": "req-42",
        "X-Echo": "you sent secret-token", "Authorization": "Bearer other-secret",
      ], body: Data(#"{"data":{"totalTripsBooked":7}}"#.utf8))
    let stub = try LoopbackHTTPStub(response: answer)
    let run = try ShellFixture().run([
      "--no-apq", "--endpoint", stub.url().absoluteString, "--header", "Authorization: Bearer secret-token",
      "total", "-i",
    ])
    #expect(run.status == 0)
    #expect(run.standardOutput.hasSuffix("\n\n7 trips booked in all\n"), "\(run.standardOutput)")
    #expect(run.standardOutput.contains("x-request-id: req-42\n"))
    #expect(run.standardOutput.contains("set-cookie: ***\n"))
    #expect(run.standardOutput.contains("x-echo: ***\n"))
    #expect(run.standardOutput.contains("authorization: ***\n"))
    #expect(!run.standardOutput.contains("secret"))
    #expect(!run.standardError.contains("secret"))
  }

  @Test func theShellIncludesTheHeadForItsLineOnly() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let arguments = ["--endpoint", served.endpoint.absoluteString]
    let terminal = try fixture.startShell(arguments: arguments)
    terminal.send("launches --page-size 1 -i\n")
    try terminal.expect("HTTP 200\r\n", timeout: ShellFixture.patience)
    try terminal.expect("content-type: application/", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("quit\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let piped = try fixture.run(arguments, input: "launches --page-size 1 -i\nlaunches --page-size 1\n")
    #expect(piped.status == 0)
    #expect(piped.standardOutput.components(separatedBy: "HTTP 200\n").count == 2, "\(piped.standardOutput)")
  }
}
