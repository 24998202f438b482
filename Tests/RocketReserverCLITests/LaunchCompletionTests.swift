import Foundation
import TestSupport
import Testing

/// Tab completion of command names and of the launch ids shown so far, in a real terminal.
///
/// Lines are abandoned with Ctrl-U (kill the line) and Return, not Ctrl-C: the kernel flushes the
/// terminal's queues on an interrupt, which can race with the shell's fresh prompt.
@Suite struct LaunchCompletionTests {
  /// Empties the line being edited and waits for the next prompt.
  @discardableResult
  private func abandonLine(_ terminal: PseudoTerminal, _ fixture: ShellFixture) throws -> String {
    terminal.sendControl("u")
    terminal.send("\n")
    return try fixture.expectPrompt(terminal)
  }

  @Test func commandNamesAndSeenIDsComplete() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("who\t")
    try terminal.expect("ami ", timeout: ShellFixture.patience)
    try abandonLine(terminal, fixture)

    // No launch shown yet: nothing to propose after `launch`.
    terminal.send("launch \t")
    var output = try abandonLine(terminal, fixture)
    #expect(!output.contains("110"))

    terminal.send("launches --page-size 3\n")
    try fixture.expectPrompt(terminal)
    // 108, 109 and 110 share "1": nothing to add, so they are listed.
    terminal.send("launch 1\t")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("108  109  110"))
    try abandonLine(terminal, fixture)

    // A unique match is completed with a space; `book` skips ids already typed.
    terminal.send("cancel 11\t")
    try terminal.expect("0 ", timeout: ShellFixture.patience)
    try abandonLine(terminal, fixture)
    terminal.send("book 110 109 10\t")
    try terminal.expect("8 ", timeout: ShellFixture.patience)
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
}
