import Foundation
import TestSupport
import Testing

/// The interactive shell, driven through a real pseudo-terminal.
@Suite struct InteractiveShellTests {
  @Test func promptAppearsAndHelpListsCommands() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("help\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains("Commands:"))
    #expect(output.contains("help [COMMAND]"))
    #expect(output.contains("quit"))
    terminal.send("quit\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func unknownCommandSuggestsAndTheShellGoesOn() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hlep\n")
    try terminal.expect("unknown command 'hlep' (did you mean 'help'?)", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("help quit\n")
    try terminal.expect("usage:", timeout: ShellFixture.patience)
    try terminal.expect("aliases: exit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("exit\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func tabCompletesAUniquePrefixAndListsAmbiguousOnes() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("he\t")
    // libedit echoes the inserted rest of the word.
    try terminal.expect("lp ", timeout: ShellFixture.patience)
    terminal.send("qui\t")  // the second word of `help` completes command names (`qu`: query, quit)
    try terminal.expect("t ", timeout: ShellFixture.patience)
    terminal.send("\n")
    try terminal.expect("usage: quit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    // An empty word matches every command: nothing to insert, so the candidates are listed and
    // the prompt is drawn again.
    terminal.send("\t")
    let listing = try fixture.expectPrompt(terminal)
    #expect(listing.contains("cancel      exit        logout      probe       timing      whoami"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func ctrlCClearsTheLineAndTheShellContinues() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hel")
    try terminal.expect("hel", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try terminal.expect("^C", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("p quit\n")
    // Had "hel" survived, the line would be "help quit" and print its usage.
    try terminal.expect("unknown command 'p'", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)
    terminal.send("help\n")
    try terminal.expect("Commands:", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func ctrlDOnAnEmptyLineQuitsWithStatusZero() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hlep\n")  // a failing command must not change the status of Ctrl-D
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func utf8InputReachesTheCommandIntactEvenInTheCLocale() throws {
    let fixture = try ShellFixture()
    // LC_ALL=C has no UTF-8: the editor must switch to C.UTF-8 or drop the characters.
    let terminal = try fixture.startShell(["LC_ALL": "C"])
    terminal.send("help ünïcödé\n")
    try terminal.expect("unknown command 'ünïcödé'", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func completionListsFollowTheWindowWidth() throws {
    let fixture = try ShellFixture()
    // 24 columns: two 12-column cells per row (the prompt wraps, so match the list itself).
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: fixture.environment(), columns: 24)
    try terminal.expect("> ", timeout: ShellFixture.patience)
    try terminal.waitForRawMode(timeout: ShellFixture.patience)
    terminal.send("\t")
    try terminal.expect(
      "book        outbox\r\ncache       patch\r\ncancel      probe\r\n", timeout: ShellFixture.patience)
    terminal.setWindowSize(columns: 80, rows: 24)
    terminal.send("\t")
    try terminal.expect(
      "book        edit        launches    outbox      schema      version\r\n",
      timeout: ShellFixture.patience)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func keysTypedAsSoonAsThePromptAppearsAreEdited() throws {
    let fixture = try ShellFixture()
    // No waitForRawMode here on purpose: the editor must be in raw mode before drawing the
    // prompt, or the kernel turns this Ctrl-D into a NUL and the shell never ends.
    for _ in 0..<3 {
      let terminal = try PseudoTerminal(BuiltProduct.rocketReserver, environment: fixture.environment())
      try terminal.expect(fixture.prompt, timeout: ShellFixture.patience)
      terminal.sendControl("d")
      #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    }
  }

  @Test func coloursOnATerminalUnlessTurnedOff() throws {
    let fixture = try ShellFixture()
    // An empty NO_COLOR does not count (no-color.org).
    let coloured = try fixture.startShell(["NO_COLOR": ""])
    coloured.send("help\n")
    try coloured.expect("\u{1B}[1mCommands:\u{1B}[0m", timeout: ShellFixture.patience)
    try fixture.expectPrompt(coloured)
    coloured.send("hlep\n")
    try coloured.expect("\u{1B}[31munknown command 'hlep'", timeout: ShellFixture.patience)
    try fixture.expectPrompt(coloured)
    coloured.sendControl("d")
    #expect(try coloured.waitForExit(timeout: ShellFixture.patience) == 0)

    let plain = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["--no-color"],
      environment: fixture.environment(["NO_COLOR": ""]))
    try fixture.expectPrompt(plain)
    plain.send("help\n")
    let output = try fixture.expectPrompt(plain)
    #expect(output.contains("help\r\nCommands:\r\n"))
    #expect(!output.contains("\u{1B}[1m"))
    plain.sendControl("d")
    #expect(try plain.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
