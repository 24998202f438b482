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

  /// The rows a terminal would show after `output`, for the controls line editing uses:
  /// carriage return, line feed, backspace, and erasing to the end of the line or screen; other
  /// escape sequences move nothing here and are skipped.
  private func screenRows(_ output: String) -> [String] {
    var rows: [[Character]] = [[]]
    var column = 0
    var characters = output[...]
    while let character = characters.popFirst() {
      switch character {
      case "\r": column = 0
      case "\n":
        rows.append([])
        column = 0
      case "\u{08}": column = max(0, column - 1)
      case "\u{07}": break
      case "\u{1B}":
        guard characters.first == "[" else { continue }
        characters = characters.dropFirst()
        var parameters = ""
        while let next = characters.popFirst() {
          guard next.isNumber || next == ";" || next == "?" else {
            if next == "J" || next == "K" {
              rows[rows.count - 1] = Array(rows[rows.count - 1].prefix(column))
            }
            break
          }
          parameters.append(next)
        }
      default:
        var row = rows[rows.count - 1]
        while row.count < column { row.append(" ") }
        if column < row.count { row[column] = character } else { row.append(character) }
        rows[rows.count - 1] = row
        column += 1
      }
    }
    return rows.map { String($0) }
  }

  @Test func ctrlZThenContinuingRedrawsThePromptOnItsOwnRow() throws {
    // Ctrl-Z (the kernel refuses to stop the test's orphaned child, so the editor redraws at
    // once) and then SIGCONT, as `fg` sends: each redraw must replace the row, not draw a
    // second prompt after the line (`rocket-reserver> helrocket-reserver> hel`).
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["-q"])
    terminal.send("hel")
    try terminal.expect("hel", timeout: ShellFixture.patience)
    terminal.sendControl("z")
    try terminal.expect(fixture.prompt + "hel", timeout: ShellFixture.patience)
    try terminal.waitForRawMode(timeout: ShellFixture.patience)
    // What the row shows once drawing settles (a read between a redraw's erase and its prompt
    // sees an empty row for a moment); with the bug the row never reads prompt + "hel" again.
    let settled = fixture.prompt + "hel"
    try terminal.waitForTranscript("the row to read \(settled)", timeout: ShellFixture.patience) {
      screenRows($0).last == settled
    }
    #expect(kill(terminal.processIdentifier, SIGCONT) == 0)
    try terminal.expect(settled, timeout: ShellFixture.patience)
    try terminal.waitForTranscript("the row to read \(settled)", timeout: ShellFixture.patience) {
      screenRows($0).last == settled
    }
    terminal.send("p\n")
    try terminal.expect("Commands:", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
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
