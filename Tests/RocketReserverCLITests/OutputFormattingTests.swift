import CommandLineKit
import Foundation
import GraphQL
import GraphQLWire
import Testing

@testable import RocketReserverCLI

/// The pure renderers: indented JSON and tables.
@Suite struct OutputFormattingTests {
  @Test func prettyJSONKeepsOrderAndEscapes() throws {
    let value = try JSON(parsing: #"{"b":[1,{"c":null}],"a":"x\"y","e":{},"f":[]}"#)
    #expect(
      PrettyJSON.format(value) == """
        {
          "b": [
            1,
            {
              "c": null
            }
          ],
          "a": "x\\"y",
          "e": {},
          "f": []
        }
        """)
  }

  @Test func tablesAlignColumnsAndTrimTrailingBlanks() {
    var table = Table(header: ["ID", "NAME", "MARK"])
    table.rows = [["1", "FalconSat", ""], ["110", "CRS-21", "yes"]]
    #expect(
      table.render(style: .plain) == """
        ID   NAME       MARK
        1    FalconSat
        110  CRS-21     yes

        """)
  }

  @Test func launchIDsAreNumbers() {
    #expect(LaunchID.parse("42") == "42")
    #expect(LaunchID.parse("042") == "42")
    #expect(LaunchID.parse("abc") == nil)
    #expect(LaunchID.parse("-1") == nil)
    #expect(LaunchID.parse("") == nil)
    #expect(LaunchID.parse("٤٢") == nil)
    #expect(LaunchID.parse("1234567890") == nil)
  }

  @Test func promptShowsTheLogin() {
    #expect(Prompt.text(email: nil) == "rocket-reserver> ")
    #expect(Prompt.text(email: "ada@example.com") == "rocket-reserver (ada@example.com)> ")
  }

  @Test func promptNamesAServerShortlyAndSafely() throws {
    let local = try #require(URL(string: "http://localhost:4000/graphql"))
    #expect(Prompt.text(email: nil, endpoint: local) == "rocket-reserver (@ localhost:4000)> ")
    #expect(
      Prompt.text(email: "ada@example.com", endpoint: local)
        == "rocket-reserver (ada@example.com @ localhost:4000)> ")
    let other = try #require(URL(string: "https://api.example.com/v2/"))
    #expect(Prompt.text(email: nil, endpoint: other) == "rocket-reserver (@ api.example.com/v2)> ")
    // Changes waiting in the outbox are counted after the login.
    #expect(
      Prompt.text(email: "ada@example.com", endpoint: local, queued: 2)
        == "rocket-reserver (ada@example.com @ localhost:4000, 2 queued)> ")
    #expect(
      Prompt.text(email: "ada@example.com", queued: 1) == "rocket-reserver (ada@example.com, 1 queued)> ")
    #expect(Prompt.text(email: "ada@example.com", endpoint: local, queued: 0).hasSuffix("localhost:4000)> "))
    // A login's email is someone's text: it must not be able to move the cursor.
    #expect(!Prompt.text(email: "a\u{1B}[2J@example.com", endpoint: local).contains("\u{1B}"))
  }
}
