import Foundation
import TestSupport
import Testing

/// `--json` is one JSON document for every command, with one error shape; and what a user of
/// other command-line tools expects around it.
@Suite struct JSONShapeTests {
  private func object(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test func versionQuitAndServeSpeakJSON() throws {
    let fixture = try ShellFixture()
    let version = try fixture.run(["--version", "--json"])
    #expect(try object(version.standardOutput)["version"] as? String != nil)
    let command = try fixture.run(["version", "--json"])
    #expect(command.standardOutput == version.standardOutput)
    #expect(try fixture.run(["version"]).standardOutput.hasPrefix("rocket-reserver "))
    let quit = try fixture.run([], input: "quit --json\n")
    #expect(try object(quit.standardOutput)["quit"] != nil)
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["serve", "--port", "0", "--json"],
      environment: fixture.environment())
    try terminal.expect(#"{"url":"http://127.0.0.1:"#, timeout: ShellFixture.patience)
  }

  @Test func aRefusedCancelIsAnErrorDocumentAsABookingIs() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let cancel = try fixture.run(["--json", "cancel", "99"])
    #expect(cancel.status == 1)
    let error = try #require(try object(cancel.standardOutput)["error"] as? [String: Any])
    #expect(error["message"] as? String == "cancel 99: you have no trip on launch 99")
    #expect(error["status"] as? Int == 1)
    let book = try fixture.run(["--json", "book", "99999"])
    #expect(book.status == 1)
    #expect(try object(book.standardOutput)["error"] != nil)
  }

  @Test func queryReadsAPipedDocument() throws {
    let fixture = try ShellFixture()
    let run = try fixture.run(["query"], input: "{ launch(id: 1) { id } }\n")
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput.contains(#""id": "1""#))
  }

  @Test func helpInTheShellListsOnlyWhatRunsThere() throws {
    let fixture = try ShellFixture()
    let shell = try fixture.run([], input: "help\n")
    #expect(!shell.standardOutput.contains("  serve "))
    #expect(try fixture.run(["help"]).standardOutput.contains("  serve "))
  }
}
