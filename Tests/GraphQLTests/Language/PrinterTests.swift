import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct PrinterTests {
  /// Parses without ranges, so documents from different text compare equal.
  private func parseBare(_ text: String) throws -> Document {
    try parse(text, options: ParseOptions(noLocation: true))
  }

  @Test func printsTheKitchenSinkAsGraphQLJSDoes() throws {
    let document = try parse(LanguageFixtures.kitchenSink)
    #expect(print(document) == LanguageFixtures.kitchenSinkPrinted)
  }

  @Test func printsTheSchemaKitchenSinkAsGraphQLJSDoes() throws {
    let document = try parse(LanguageFixtures.schemaKitchenSink)
    #expect(print(document) == LanguageFixtures.schemaKitchenSinkPrinted)
  }

  @Test func compactFormMatchesStripIgnoredCharacters() throws {
    #expect(printCompact(try parse(LanguageFixtures.kitchenSink)) == LanguageFixtures.kitchenSinkCompact)
    #expect(
      printCompact(try parse(LanguageFixtures.schemaKitchenSink)) == LanguageFixtures.schemaKitchenSinkCompact
    )
  }

  @Test(arguments: [LanguageFixtures.kitchenSink, LanguageFixtures.schemaKitchenSink])
  func printedDocumentsParseBackToTheSameAST(_ text: String) throws {
    let document = try parseBare(text)
    #expect(try parseBare(print(document)) == document)
    #expect(try parseBare(printCompact(document)) == document)
    // Printing is a fixed point after one round.
    #expect(print(try parseBare(print(document))) == print(document))
  }

  @Test func launchListCompactFormIsOneLineWithMinimalSpaces() throws {
    let document = try parse(ParserTests.launchList)
    #expect(
      printCompact(document)
        == "query LaunchList($after:String){launches(pageSize:20 after:$after){cursor hasMore "
        + "launches{id site mission{name missionPatch(size:SMALL)}rocket{id name type}isBooked}}}")
  }

  @Test func anonymousQueryPrintsAsShorthandButNamedOrDirectedOnesDoNot() throws {
    #expect(print(try parse("query { a }")) == "{\n  a\n}")
    #expect(print(try parse("query Q { a }")) == "query Q {\n  a\n}")
    #expect(print(try parse("query @live { a }")) == "query @live {\n  a\n}")
    #expect(print(try parse("query ($v: Int) { a }")) == "query ($v: Int) {\n  a\n}")
    #expect(printCompact(try parse("query { a }")) == "{a}")
  }

  @Test func printsValuesAndTypesOnTheirOwn() throws {
    #expect(
      print(try parseValue(#"{a: [1, 2.5, "x\n", null, true, ENUM, $v], b: {}}"#))
        == #"{a: [1, 2.5, "x\n", null, true, ENUM, $v], b: {}}"#)
    #expect(print(try parseType("[[ID!]]!")) == "[[ID!]]!")
  }

  @Test func escapesControlCharactersLikeGraphQLJS() {
    let value = Value.string("a\u{0}\u{8}\u{1F}\u{7F}\u{9F}\"\\/é", block: false, range: nil)
    #expect(print(value) == #""a\u0000\b\u001F\u007F\u009F\"\\/é""#)
  }

  @Test func blockStringsChooseTheirLayoutLikeGraphQLJS() {
    let cases: [(String, String)] = [
      ("", #""""""""#),
      ("one line", #""""one line""""#),
      ("  leading space", #""""  leading space""""#),
      ("ends with quote\"", "\"\"\"\nends with quote\"\n\"\"\""),
      ("two\nlines", "\"\"\"\ntwo\nlines\n\"\"\""),
      ("has \"\"\" inside", #""""has \""" inside""""#),
      (String(repeating: "x", count: 71), "\"\"\"\n" + String(repeating: "x", count: 71) + "\n\"\"\""),
    ]
    for (value, expected) in cases {
      #expect(print(Value.string(value, block: true, range: nil)) == expected)
    }
  }

  @Test func argumentDefinitionsWithDescriptionsGoOnePerLine() throws {
    let sdl = "type T { f(\"d\" a: Int, b: Int): Int g(a: Int, b: Int): Int }"
    #expect(
      print(try parse(sdl))
        == "type T {\n  f(\n    \"d\"\n    a: Int\n    b: Int\n  ): Int\n  g(a: Int, b: Int): Int\n}")
  }
}
