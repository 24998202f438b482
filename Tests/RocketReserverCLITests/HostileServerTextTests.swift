import Foundation
import TestSupport
import Testing

/// A server's escape sequences reach a terminal in no output format: CSV like tables and TSV,
/// and `--json` and `query` with the C1 CSI (U+009B) and bidi override (U+202E) as `\u` escapes.
@Suite struct HostileServerTextTests {
  static let hostileLaunch =
    #"{"data":{"launch":{"id":"110","site":"Pad\u009b2J","mission":{"name":"CRS-21\u001b]0;PWNED-TITLE\u0007\u001b[2J","missionPatch":null},"rocket":{"id":"r","name":"R\u202eX","type":"T"},"isBooked":false}}}"#

  @Test func csvAndJSONOnATerminalAreEscaped() throws {
    let fixture = try ShellFixture()
    let stub = try fixture.stubWithTheRealSchema { _ in Self.hostileLaunch }
    let terminal = try fixture.startShell(arguments: ["--no-apq", "--endpoint", stub.url().absoluteString])
    terminal.send("launch 110 --format csv\n")
    let csv = try fixture.expectPrompt(terminal)
    #expect(csv.contains("110,CRS-21\\x1b]0;PWNED-TITLE\\x07\\x1b[2J"))
    terminal.send("launch 110 --json\n")
    let json = try fixture.expectPrompt(terminal)
    #expect(json.contains(#""site": "Pad\u009b2J""#))
    #expect(json.contains(#""name": "R\u202eX""#))
    terminal.send("query '{ launch(id: 110) { site rocket { name } } }'\n")
    let query = try fixture.expectPrompt(terminal)
    #expect(query.contains(#"Pad\u009b2J"#))
    for output in [csv, json, query] {
      #expect(!output.contains("\u{1B}]0;"))
      #expect(!output.contains("\u{9B}"))
      #expect(!output.contains("\u{202E}"))
    }
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func jsonIntoAPipeKeepsTheServersText() throws {
    let stub = try LoopbackHTTPStub(response: .json(Self.hostileLaunch))
    let fixture = try ShellFixture()
    let run = try fixture.run(["--endpoint", stub.url().absoluteString, "--json", "launch", "110"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("Pad\u{9B}2J"))
  }
}
