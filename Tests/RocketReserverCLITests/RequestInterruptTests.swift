import Foundation
import TestSupport
import Testing

/// Ctrl-C while a request is running cancels the request, not the shell.
@Suite struct RequestInterruptTests {
  @Test func ctrlCDuringASlowRequestReturnsToThePrompt() async throws {
    // The stub answers after a minute: only the cancellation can bring the prompt back sooner.
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"totalTripsBooked":7}}"#, delay: .seconds(600)))
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["--endpoint", stub.url().absoluteString])
    terminal.send("total\n")
    #expect(await stub.waitForRequests(count: 1))
    // After about 300 ms the spinner names what is being waited for.
    try terminal.expect("Counting trips", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains("cancelled"))
    #expect(!output.contains("7 trips"))
    // The shell still works.
    terminal.send("help total\n")
    try terminal.expect("usage: total", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
