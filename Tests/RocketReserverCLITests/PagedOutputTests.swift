import Foundation
import TestSupport
import Testing

/// Every result taller than the terminal goes through the pager, not only tables: the schema,
/// help, `query`'s JSON and `--json` lists; and help wraps between words at the window's width.
@Suite struct PagedOutputTests {
  @Test func tallTextAndJSONArePaged() throws {
    let fixture = try ShellFixture()
    let paged = fixture.root.appendingPathComponent("paged.txt")
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: fixture.environment(["PAGER": "cat >> '\(paged.path)'"]),
      rows: 10)
    try fixture.expectPrompt(terminal)
    for (line, expected) in [
      ("schema", "type Launch"), ("help", "Commands:"), ("launches --all --json", #""launches": {"#),
      ("query '{ launches { launches { id } } }'", #""data": {"#),
    ] {
      terminal.send(line + "\n")
      let output = try fixture.expectPrompt(terminal)
      #expect(!output.contains(expected), "\(line)")
      #expect(try String(contentsOf: paged, encoding: .utf8).contains(expected), "\(line)")
    }
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func helpWrapsBetweenWordsAtFiftyColumns() throws {
    let fixture = try ShellFixture()
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: fixture.environment(), columns: 50, rows: 60)
    try fixture.expectPrompt(terminal)
    terminal.send("help query\n")
    let output = try fixture.expectPrompt(terminal)
    let lines = output.components(separatedBy: "\r\n").dropFirst().dropLast()
    #expect(lines.allSatisfy { $0.count <= 50 }, "\(lines.filter { $0.count > 50 })")
    // A word is never cut: each line ends at a word's end.
    #expect(output.contains("introspection"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
