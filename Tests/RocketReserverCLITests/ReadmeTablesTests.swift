import Foundation
import Testing

@testable import RocketReserverCLI

/// The README's command and option tables are the declarations' own: change a command and this
/// fails until the README says the same. `UPDATE_README=1 swift test --filter ReadmeTablesTests`
/// rewrites the tables in place.
@Suite(.serialized) struct ReadmeTablesTests {
  private static var readmeURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
  }

  /// The text between `<!-- NAME:begin -->` and `<!-- NAME:end -->` in the README; with
  /// `UPDATE_README` set, first replaced by `expected`.
  private static func section(_ name: String, expected: String) throws -> String {
    var text = try String(contentsOf: readmeURL, encoding: .utf8)
    if ProcessInfo.processInfo.environment["UPDATE_README"] != nil,
      let begin = text.range(of: "<!-- \(name):begin -->\n"),
      let end = text.range(of: "<!-- \(name):end -->", range: begin.upperBound..<text.endIndex)
    {
      text.replaceSubrange(begin.upperBound..<end.lowerBound, with: expected)
      try text.write(to: readmeURL, atomically: true, encoding: .utf8)
    }
    let begin = try #require(text.range(of: "<!-- \(name):begin -->\n"), "README has no \(name) table")
    let end = try #require(text.range(of: "<!-- \(name):end -->", range: begin.upperBound..<text.endIndex))
    return String(text[begin.upperBound..<end.lowerBound])
  }

  @Test func commandTableMatchesTheDeclarations() throws {
    let expected = ReferenceTables.commands(CommandCatalog.registry)
    #expect(
      try Self.section("commands", expected: expected) == expected,
      "README commands table should be:\n\(expected)")
  }

  @Test func commandOptionTableMatchesTheDeclarations() throws {
    let expected = ReferenceTables.commandOptions(CommandCatalog.registry)
    #expect(
      try Self.section("command-options", expected: expected) == expected,
      "README command options should be:\n\(expected)")
  }

  @Test func programOptionTableMatchesTheDeclarations() throws {
    let expected = ReferenceTables.programOptions()
    #expect(
      try Self.section("options", expected: expected) == expected,
      "README options table should be:\n\(expected)")
  }
}
