import Foundation
import TestSupport
import Testing

/// Tab completion of command names, launch ids and the user's trips, in a real terminal: from
/// the embedded backend, from an endpoint's cache in a fresh shell, and from the session's answers.
///
/// Lines are abandoned with Ctrl-U (kill the line) and Return, not Ctrl-C: the kernel flushes the
/// terminal's queues on an interrupt, which can race with the shell's fresh prompt.
@Suite struct LaunchCompletionTests {
  /// Empties the line being edited and waits for the next prompt.
  @discardableResult
  private func abandonLine(_ terminal: PseudoTerminal, _ fixture: ShellFixture, _ prompt: String? = nil)
    throws -> String
  {
    terminal.sendControl("u")
    terminal.send("\n")
    return try fixture.expectPrompt(terminal, prompt)
  }

  @Test func commandNamesAndTheBackendsIDsCompleteInNumericOrder() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("who\t")
    try terminal.expect("ami ", timeout: ShellFixture.patience)
    try abandonLine(terminal, fixture)

    // Nothing shown yet: the embedded backend's own ids, without opening its database.
    terminal.send("launch 11\t")
    var output = try fixture.expectPrompt(terminal)
    // Listed in numeric order, each with its mission's name as zsh and fish describe candidates,
    // the names in one column.
    #expect(output.contains("11   (CASSIOPE)  110  (CRS-21)"))
    try abandonLine(terminal, fixture)
    #expect(!FileManager.default.fileExists(atPath: fixture.databaseFile.path))

    // `book` skips ids already typed.
    terminal.send("book 101 102 103 104 105 106 107 108 109 10\t")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("10   (CRS-2)"))
    #expect(output.contains("100  (Starlink-10 (v1.0) & Sk…)"))
    try abandonLine(terminal, fixture)

    // `help` completes topics.
    terminal.send("help can\t")
    try terminal.expect("cel ", timeout: ShellFixture.patience)
    terminal.send("\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("usage: cancel ID"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func cancelOffersTheTripsBookedInAnEarlierProcessThenFollowsTheSession() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    #expect(try fixture.run(["book", "12", "3"]).status == 0)
    let prompt = "rocket-reserver (ada@example.com)> "
    let terminal = try fixture.startShell(prompt: prompt)

    // A fresh shell asks the backend: the trips, listed by value (3 before 12).
    terminal.send("cancel \t")
    var output = try fixture.expectPrompt(terminal, prompt)
    #expect(output.contains("3   (Trailblazer)  12  (SES-8)"))
    try abandonLine(terminal, fixture, prompt)

    terminal.send("cancel 3\n")
    output = try fixture.expectPrompt(terminal, prompt)
    #expect(output.contains("launch 3: cancelled"))
    // One trip left: completed with a space.
    terminal.send("cancel \t")
    try terminal.expect("12 ", timeout: ShellFixture.patience)
    try abandonLine(terminal, fixture, prompt)

    terminal.send("book 7\n")
    try fixture.expectPrompt(terminal, prompt)
    terminal.send("cancel 12 \t")
    try terminal.expect("7 ", timeout: ShellFixture.patience)
    try abandonLine(terminal, fixture, prompt)

    // Someone else logged in: none of ada's trips.
    terminal.send("login bob@example.com\n")
    let bob = "rocket-reserver (bob@example.com)> "
    try fixture.expectPrompt(terminal, bob)
    terminal.send("cancel 1\t")
    output = try abandonLine(terminal, fixture, bob)
    #expect(!output.contains("12"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func aFreshShellOnAnEndpointCompletesFromTheCacheWithTheServerGone() throws {
    let fixture = try ShellFixture()
    var served: ServeProcess? = try fixture.serve()
    let endpoint = try #require(served?.endpoint.absoluteString)
    #expect(try fixture.run(["--endpoint", endpoint, "login", "ada@example.com"]).status == 0)
    #expect(try fixture.run(["--endpoint", endpoint, "launches", "--page-size", "3"]).status == 0)
    #expect(try fixture.run(["--endpoint", endpoint, "book", "109"]).status == 0)
    served = nil  // stopped: Tab can only have the cache

    let prompt = ShellFixture.prompt(email: "ada@example.com", arguments: ["--endpoint", endpoint])
    let terminal = try fixture.startShell(arguments: ["--endpoint", endpoint], prompt: prompt)
    terminal.send("launch 1\t")
    let output = try fixture.expectPrompt(terminal, prompt)
    // The cache's mission names, beside ids read from it.
    #expect(output.contains("108  (Sentinel-6 Michael Frei…)"))
    #expect(output.contains("110  (CRS-21)"))
    try abandonLine(terminal, fixture, prompt)
    // The booking was written through to the cache.
    terminal.send("cancel \t")
    try terminal.expect("109 ", timeout: ShellFixture.patience)
    try abandonLine(terminal, fixture, prompt)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
