import Foundation
import TestSupport
import Testing

/// Ctrl-C while a request is running cancels the request, not the shell.
@Suite struct RequestInterruptTests {
  @Test func ctrlCDuringASlowRequestReturnsToThePrompt() async throws {
    // The stub answers after ten minutes: only the cancellation can bring the prompt back sooner.
    let fixture = try ShellFixture()
    let (stub, terminal) = try await fixture.shellWaitingOnASlowTotal()
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
    withExtendedLifetime(stub) {}
  }
}
