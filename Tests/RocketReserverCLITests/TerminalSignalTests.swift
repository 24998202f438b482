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
    terminal.sendControl("d")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func ctrlZKeepsTheLineBeingEdited() throws {
    // The test's child is an orphaned process group, so the kernel refuses to stop it: the
    // editor must come back to raw mode and redraw with the line intact.
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hel")
    try terminal.expect("hel")
    terminal.sendControl("z")
    try terminal.expect(fixture.prompt + "hel")
    try terminal.waitForRawMode()
    terminal.send("p quit\n")
    try terminal.expect("usage: quit")
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit() == 0)
  }

  @Test func terminationAtThePromptRestoresTheTerminal() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    #expect(kill(terminal.processIdentifier, SIGTERM) == 0)
    #expect(try terminal.waitForExit() == 128 + SIGTERM)
    #expect(terminal.isInCanonicalMode)
  }

  @Test func continuingAfterAStopRedrawsTheLine() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hel")
    try terminal.expect("hel")
    #expect(kill(terminal.processIdentifier, SIGSTOP) == 0)
    #expect(kill(terminal.processIdentifier, SIGCONT) == 0)
    try terminal.expect(fixture.prompt + "hel")
    terminal.send("p\n")
    try terminal.expect("Commands:")
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit() == 0)
  }
}
