import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The terminal while a command runs: keys typed during a request do not land on the spinner's
/// line, Ctrl-C ending `watch` leaves the next prompt on a line of its own, and Ctrl-C in a
/// one-shot command erases the spinner's frame.
@Suite struct CommandTerminalTests {
  @Test func keysTypedDuringARequestAreNotEchoedOntoTheSpinner() async throws {
    let fixture = try ShellFixture()
    let (stub, terminal) = try await fixture.shellWaitingOnASlowTotal()
    terminal.send("typed-ahead")
    terminal.sendControl("c")
    let output = try fixture.expectPrompt(terminal)
    #expect(!output.contains("typed-ahead"))
    #expect(!output.contains("^C"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    withExtendedLifetime(stub) {}
  }

  @Test func ctrlCEndingWatchLeavesThePromptOnItsOwnLine() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}", delay: .seconds(600)))
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["--endpoint", stub.url().absoluteString])
    terminal.send("watch\n")
    #expect(await stub.waitForRequests(count: 1))
    terminal.sendControl("c")
    let output = try fixture.expectPrompt(terminal)
    #expect(!output.contains("^C" + fixture.prompt))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func ctrlCInAOneShotCommandErasesTheSpinner() async throws {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"totalTripsBooked":7}}"#, delay: .seconds(600)))
    let fixture = try ShellFixture()
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["--endpoint", stub.url().absoluteString, "total"],
      environment: fixture.environment())
    #expect(await stub.waitForRequests(count: 1))
    try terminal.expect("Counting trips", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 128 + SIGINT)
    let afterLastFrame = terminal.transcript.components(separatedBy: "Counting trips").last ?? ""
    #expect(afterLastFrame.contains("\r\u{1B}[K"))
  }
}
