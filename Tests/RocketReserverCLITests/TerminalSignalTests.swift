import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Resize, Ctrl-Z and termination while a line is being edited.
@Suite struct TerminalSignalTests {
  @Test func resizingAsLinesEndNeverCrashes() throws {
    // With libedit's EL_SIGNAL this crashed in about a third of runs (a NULL editor in its
    // handler, run on the main thread while the line ended on another).
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    for round in 0..<200 {
      terminal.setWindowSize(columns: UInt16(60 + round % 7), rows: 24)
      terminal.send("\n")
      try fixture.expectPrompt(terminal)
    }
    // Ends with `quit`, which reads the same in raw and cooked mode: this test is about surviving
    // resizes, and the prompts redrawn by them make the exact moment of the last read unknowable.
    terminal.send("quit\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func ctrlZKeepsTheLineBeingEdited() throws {
    // The test's child is an orphaned process group, so the kernel refuses to stop it: the
    // editor must come back to raw mode and redraw with the line intact.
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hel")
    try terminal.expect("hel", timeout: ShellFixture.patience)
    terminal.sendControl("z")
    try terminal.expect(fixture.prompt + "hel", timeout: ShellFixture.patience)
    try terminal.waitForRawMode(timeout: ShellFixture.patience)
    terminal.send("p quit\n")
    try terminal.expect("usage: quit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func terminationAtThePromptRestoresTheTerminal() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    #expect(kill(terminal.processIdentifier, SIGTERM) == 0)
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 128 + SIGTERM)
    #expect(terminal.isInCanonicalMode)
  }

  @Test func continuingAfterAStopRedrawsTheLine() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hel")
    try terminal.expect("hel", timeout: ShellFixture.patience)
    #expect(kill(terminal.processIdentifier, SIGSTOP) == 0)
    #expect(kill(terminal.processIdentifier, SIGCONT) == 0)
    try terminal.expect(fixture.prompt + "hel", timeout: ShellFixture.patience)
    terminal.send("p\n")
    try terminal.expect("Commands:", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
