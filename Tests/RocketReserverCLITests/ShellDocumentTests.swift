import Foundation
import TestSupport
import Testing

/// GraphQL documents typed at the interactive shell, through a real pseudo-terminal.
@Suite struct ShellDocumentTests {
  @Test func aMultiLineDocumentContinuesRunsAndIsOneHistoryEntry() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("query {\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("  launch(id: 1) {\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("    mission { name }\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("  }\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("}\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains(#""name": "FalconSat""#))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    // One entry holding every line (libedit's history file encodes the newlines).
    let history = try String(contentsOf: fixture.historyFile, encoding: .utf8)
    let entries = history.split(separator: "\n").filter { !$0.hasPrefix("_HiStOrY_V2_") }
    #expect(entries.count == 1, "\(history)")
    #expect(entries.first?.contains("mission") == true)
    #expect(entries.first?.hasPrefix("query") == true)
  }

  @Test func ctrlCAbandonsTheDocumentAndNothingIsSentOrRecorded() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("{ launch(id: 1) {\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("site")
    try terminal.expect("site", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)
    terminal.send("total\n")
    // Had the document survived, `total` would be one more of its lines.
    try terminal.expect("trips booked in all", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let history = (try? String(contentsOf: fixture.historyFile, encoding: .utf8)) ?? ""
    #expect(!history.contains("launch"))
  }

  @Test func aValidationErrorShowsItsLineAndCaret() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("{\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("  launch(id: 1) { pad }\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("}\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains(#"query:2:19: error: Cannot query field "pad" on type "Launch"."#))
    #expect(output.contains("  launch(id: 1) { pad }\r\n                  ^"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func tabCompletesFieldsAndEnumValuesAcrossLines() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("{ launch(id: 1) {\n")
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("missi\t")
    try terminal.expect("on", timeout: ShellFixture.patience)
    // No blank after a completed name: what comes next is the user's.
    terminal.send("{")
    try terminal.waitForTranscript("the brace echoed", timeout: ShellFixture.patience) {
      $0.hasSuffix("on{") || $0.hasSuffix("on {")
    }
    #expect(terminal.transcript.hasSuffix("on{"), "no blank between the name and the brace")
    terminal.send(" missionPatch(size: \t")
    // Two values: nothing in common to insert, so they are listed and the line drawn again.
    try terminal.expect("LARGE  SMALL", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal, "...> ")
    terminal.send("S\t")
    try terminal.expect("MALL", timeout: ShellFixture.patience)
    terminal.send(") } } }\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains(#""missionPatch": "#))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
