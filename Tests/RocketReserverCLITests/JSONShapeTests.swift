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

  @Test func aChangeOfSeveralLaunchesIsOneDocumentOfDataAndErrors() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    // A trip that is not booked ends as asked: nothing to cancel is a success.
    let cancel = try fixture.run(["--json", "cancel", "99"])
    #expect(cancel.status == 0, "\(cancel.standardError)")
    let cancelled = try #require(try object(cancel.standardOutput)["data"] as? [String: Any])
    let none = try #require((cancelled["cancel"] as? [[String: Any]])?.first)
    #expect(
      none["id"] as? String == "99" && none["isBooked"] as? Bool == false && none["changed"] as? Bool == false
    )
    #expect(try object(cancel.standardOutput)["errors"] == nil)

    // Launch 4 is booked although 99999 does not exist: both are said.
    let book = try fixture.run(["--json", "book", "4", "99999"])
    #expect(book.status == 1)
    let document = try object(book.standardOutput)
    let booked = try #require((document["data"] as? [String: Any])?["book"] as? [[String: Any]])
    #expect(booked.map { $0["id"] as? String } == ["4"])
    #expect(booked.first?["changed"] as? Bool == true)
    let errors = try #require(document["errors"] as? [[String: Any]])
    #expect(errors.map { $0["message"] as? String } == ["book 99999: no launch with id 99999"])
    #expect((errors.first?["extensions"] as? [String: Any])?["launchId"] as? String == "99999")
    #expect(book.standardError == "rocket-reserver: book 99999: no launch with id 99999\n")

    let again = try fixture.run(["--json", "cancel", "4", "107"])
    #expect(again.status == 0)
    let both = try #require(
      (try object(again.standardOutput)["data"] as? [String: Any])?["cancel"] as? [[String: Any]])
    #expect(
      both.map { "\($0["id"] as? String ?? "") \($0["changed"] as? Bool ?? false)" } == [
        "4 true", "107 false",
      ])
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
