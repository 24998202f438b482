import Foundation
import TestSupport
import Testing

/// A `subscription` document typed at the interactive shell streams until Ctrl-C, through a
/// real pseudo-terminal, fed by one-shot `book` processes on the same data directory.
@Suite struct ShellSubscriptionTests {
  static let prompt = "rocket-reserver (ada@example.com)> "

  @Test func aSubscriptionStreamsUntilCtrlCAndThePromptReturns() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let terminal = try fixture.startShell(prompt: Self.prompt)
    terminal.send("subscription { tripsBooked }\n")
    // The subscription starts after the line is read: book and cancel until it shows.
    var seen = false
    for _ in 0..<30 where !seen {
      _ = try fixture.run(["book", "1"])
      _ = try fixture.run(["cancel", "1"])
      seen = (try? terminal.expect(#""tripsBooked": -1"#, timeout: .seconds(1))) != nil
    }
    #expect(seen)
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
    var seen = false
    for _ in 0..<30 where !seen {
      _ = try fixture.run(["book", "1"])
      _ = try fixture.run(["cancel", "1"])
      seen = (try? terminal.expect("-1 trip cancelled", timeout: .seconds(1))) != nil
    }
    #expect(seen)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal, Self.prompt)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
