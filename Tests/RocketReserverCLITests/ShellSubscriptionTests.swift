import Foundation
import TestSupport
import Testing

/// A `subscription` document typed at the interactive shell streams until Ctrl-C, through a
/// real pseudo-terminal, fed by one-shot `book` processes on the same data directory.
@Suite struct ShellSubscriptionTests {
  static let prompt = "rocket-reserver (ada@example.com)> "

  /// Books and cancels launch 1 until `text` shows on `terminal` (the subscription starts after
  /// its line is read, so an event sent before that is never seen); whether it did.
  private static func bookUntilShown(_ text: String, fixture: ShellFixture, terminal: PseudoTerminal) throws
    -> Bool
  {
    for _ in 0..<30 {
      _ = try fixture.run(["book", "1"])
      _ = try fixture.run(["cancel", "1"])
      if (try? terminal.expect(text, timeout: .seconds(1))) != nil { return true }
    }
    return false
  }

  @Test func aSubscriptionStreamsUntilCtrlCAndThePromptReturns() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let terminal = try fixture.startShell(prompt: Self.prompt)
    terminal.send("subscription { tripsBooked }\n")
    #expect(try Self.bookUntilShown(#""tripsBooked": -1"#, fixture: fixture, terminal: terminal))
    #expect(try fixture.run(["book", "4", "5"]).status == 0)
    try terminal.expect(#""tripsBooked": 2"#, timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal, Self.prompt)
    // The shell is itself again: a command runs, and Ctrl-D ends it with status 0.
    terminal.send("total\n")
    try terminal.expect("trips booked in all", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal, Self.prompt)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func watchRunsInTheForegroundUntilCtrlC() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let terminal = try fixture.startShell(prompt: Self.prompt)
    terminal.send("watch\n")
    #expect(try Self.bookUntilShown("-1 trip cancelled", fixture: fixture, terminal: terminal))
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal, Self.prompt)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
