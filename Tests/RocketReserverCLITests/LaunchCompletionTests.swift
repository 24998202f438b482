import Foundation
import TestSupport
import Testing

/// Tab completion of command names and of the launch ids shown so far, in a real terminal.
@Suite struct LaunchCompletionTests {
  @Test func commandNamesAndSeenIDsComplete() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("who\t")
    try terminal.expect("ami ", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)

    // No launch shown yet: nothing to propose after `launch`.
    terminal.send("launch \t")
    terminal.sendControl("c")
    var output = try fixture.expectPrompt(terminal)
    #expect(!output.contains("110"))

    terminal.send("launches --page-size 3\n")
    try fixture.expectPrompt(terminal)
    // 108, 109 and 110 share "1": nothing to add, so they are listed.
    terminal.send("launch 1\t")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("108  109  110"))
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)

    // A unique match is completed with a space; `book` skips ids already typed.
    terminal.send("cancel 11\t")
    try terminal.expect("0 ", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)
    terminal.send("book 110 109 10\t")
    try terminal.expect("8 ", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)

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
