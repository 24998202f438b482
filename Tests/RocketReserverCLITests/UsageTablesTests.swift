import Foundation
import Testing

@testable import RocketReserverCLI

/// The command and option tables of `docs/usage.md` are the declarations' own: change a command
/// and this fails until the page says the same. `UPDATE_TABLES=1 swift test --filter
/// UsageTablesTests` rewrites the tables in place.
@Suite(.serialized) struct UsageTablesTests {
  private static var pageURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/usage.md")
  }

  /// The text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in the page; with
  /// `UPDATE_TABLES` set, first replaced by `expected`.
  private static func section(_ name: String, expected: String) throws -> String {
    var text = try String(contentsOf: pageURL, encoding: .utf8)
    if ProcessInfo.processInfo.environment["UPDATE_TABLES"] != nil,
      let begin = text.range(of: "<!-- \(name):begin -->\n"),
      let end = text.range(of: "<!-- \(name):end -->", range: begin.upperBound..<text.endIndex)
    {
      text.replaceSubrange(begin.upperBound..<end.lowerBound, with: expected)
      try text.write(to: pageURL, atomically: true, encoding: .utf8)
    }
    let begin = try #require(text.range(of: "<!-- \(name):begin -->\n"), "docs/usage.md has no \(name) table")
    let end = try #require(text.range(of: "<!-- \(name):end -->", range: begin.upperBound..<text.endIndex))
    return String(text[begin.upperBound..<end.lowerBound])
  }

  @Test func commandTableMatchesTheDeclarations() throws {
    let expected = ReferenceTables.commands(CommandCatalog.registry)
    #expect(
      try Self.section("commands", expected: expected) == expected,
      "docs/usage.md's commands table should be:\n\(expected)")
  }

  @Test func commandOptionTableMatchesTheDeclarations() throws {
    let expected = ReferenceTables.commandOptions(CommandCatalog.registry)
    #expect(
      try Self.section("command-options", expected: expected) == expected,
      "docs/usage.md's command options should be:\n\(expected)")
  }

  @Test func programOptionTableMatchesTheDeclarations() throws {
    let expected = ReferenceTables.programOptions()
    #expect(
      try Self.section("options", expected: expected) == expected,
      "docs/usage.md's options table should be:\n\(expected)")
  }
}
