import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `rocket-reserver > out.txt` (or `| cat`) typed at a terminal: the line editor keeps working on
/// standard error, results go to the file, and Ctrl-C and Ctrl-D behave as at any prompt.
@Suite struct RedirectedShellTests {
  @Test func redirectedOutputKeepsAWorkingEditor() throws {
    let fixture = try ShellFixture()
    let results = fixture.root.appendingPathComponent("out.txt")
    let terminal = try fixture.startShell(standardOutput: results)
    terminal.send("launch 1\n")
    try fixture.expectPrompt(terminal)
    #expect(try String(contentsOf: results, encoding: .utf8).contains("FalconSat"))
    terminal.send("hel")
    try terminal.expect("hel", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try terminal.expect("^C", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    #expect(terminal.isInCanonicalMode)
    #expect(!(try String(contentsOf: results, encoding: .utf8).contains(fixture.prompt)))
  }
}
