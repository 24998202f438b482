import GraphQLWire
import Testing

@testable import GraphQL

@Suite struct LexerTests {
  /// All tokens of `text` up to and including `<EOF>`.
  private func tokens(_ text: String) throws -> [Token] {
    var lexer = Lexer(source: Source(text))
    var result: [Token] = []
    repeat {
      try lexer.advance()
      result.append(lexer.token)
    } while lexer.token.kind != .endOfFile
    return result
  }

  /// The decoded value of the single string token in `text`.
  private func stringValue(_ text: String) throws -> String? {
    let lexer = Lexer(source: Source(text))
    let token = try lexer.readToken(from: 0)
    return lexer.stringValue(of: token)
  }

  @Test func lexesEveryPunctuatorAndTokenKind() throws {
    let kinds = try tokens(#"! $ & ( ) ... : = @ [ ] { | } name 12 -3.5e+2 "s" """b""""#).map(\.kind)
    #expect(
      kinds == [
        .bang, .dollar, .amp, .parenL, .parenR, .spread, .colon, .equals, .at, .bracketL, .bracketR, .braceL,
        .pipe, .braceR, .name, .int, .float, .string, .blockString, .endOfFile,
      ])
  }

  @Test func skipsBOMWhitespaceCommasAndComments() throws {
    let result = try tokens("\u{FEFF} \t,,\r\n# a comment { }\r  name # trailing\n")
    #expect(result.map(\.kind) == [.name, .endOfFile])
    let name = try #require(result.first)
    #expect(name.start == 27 && name.end == 31)
  }

  /// Every token that is not a name or a one-byte punctuator is read out of line, after any
  /// comments and BOMs before it; a hundred thousand comment lines in a row are skipped in a loop
  /// (no stack depth per comment).
  @Test func tokensAfterCommentsAndBOMs() throws {
    let kinds = try tokens("# a\n...\u{FEFF}# b\r\n\"s\" # c\n12 # d\n-1.5 # e\n#f").map(\.kind)
    #expect(kinds == [.spread, .string, .int, .float, .endOfFile])
    let commented = String(repeating: "# comment\n", count: 100_000) + "name"
    #expect(try tokens(commented).map(\.kind) == [.name, .endOfFile])
    #expect(throws: GraphQLError.self) { try tokens("a # b\n .. c") }
  }

  @Test func numbersFollowTheSpecGrammar() throws {
    #expect(try tokens("0 -0 123 -45").map(\.kind) == [.int, .int, .int, .int, .endOfFile])
    #expect(try tokens("0.5 1e10 1E-3 -2.5e+7").map(\.kind) == [.float, .float, .float, .float, .endOfFile])
    // No name may start right after a number, and no `.` either.
    #expect(throws: GraphQLError.self) { try tokens("123abc") }
    #expect(throws: GraphQLError.self) { try tokens("1.5.0") }
  }

  @Test func stringEscapesDecode() throws {
    #expect(try stringValue(#""q\" b\\ s\/ \b\f\n\r\t""#) == "q\" b\\ s/ \u{8}\u{C}\n\r\t")
    #expect(try stringValue(#""caf\u00E9 \u00e9""#) == "café é")
    #expect(try stringValue(#""\u{1F680} \u{0}""#) == "🚀 \u{0}")
  }

  @Test func surrogatePairEscapesCombineIntoOneScalar() throws {
    #expect(try stringValue(#""\uD83D\uDE80""#) == "🚀")
    #expect(try stringValue(#""\ud83d\ude80x""#) == "🚀x")
  }

  @Test func unpairedSurrogatesAreErrors() {
    #expect(throws: GraphQLError.self) { try tokens(#""\uD83D""#) }
    #expect(throws: GraphQLError.self) { try tokens(#""\uDE80\uD83D""#) }
    #expect(throws: GraphQLError.self) { try tokens(#""\u{DE80}""#) }
  }

  @Test func stringsKeepNonASCIIAndReportUnterminatedOnes() throws {
    #expect(try stringValue("\"é 🚀 \u{0007}\"") == "é 🚀 \u{0007}")
    #expect(
      throws: GraphQLError(
        "Syntax Error: Unterminated string.", locations: [SourceLocation(line: 1, column: 5)])
    ) { try tokens("\"abc\r\"") }
  }

  @Test(arguments: [
    (
      "\"\"\"\n    Hello,\n      World!\n\n    Yours,\n      GraphQL.\n  \"\"\"",
      "Hello,\n  World!\n\nYours,\n  GraphQL."
    ),
    ("\"\"\"  first line kept\n    second\n   third\"\"\"", "  first line kept\n second\nthird"),
    ("\"\"\"\r\n  crlf\r  cr\n\"\"\"", "crlf\ncr"),
    ("\"\"\"a \\\"\"\" b\"\"\"", "a \"\"\" b"),
    ("\"\"\"\n\n   \n\"\"\"", ""),
    ("\"\"\"\ttab\n\t\tmore\"\"\"", "\ttab\nmore"),
    ("\"\"\"no \\n escapes \\u0041\"\"\"", "no \\n escapes \\u0041"),
  ])
  func blockStringsDedentAsTheSpecSays(_ text: String, _ expected: String) throws {
    let token = try #require(try tokens(text).first)
    #expect(token.kind == .blockString)
    #expect(try stringValue(text) == expected)
  }

  @Test func lookaheadDoesNotConsume() throws {
    var lexer = Lexer(source: Source("a b"))
    try lexer.advance()
    let next = try lexer.lookahead()
    #expect(next.start == 2 && next.kind == .name)
    #expect(lexer.token.start == 0)
  }

  @Test func invalidUTF8IsASyntaxErrorAtTheBadByte() {
    let bytes = Array("{ launches }\n{ a".utf8) + [0xC3, 0x28] + Array(" }".utf8)
    #expect(
      throws: GraphQLError(
        "Syntax Error: Invalid UTF-8 byte 0xC3.", locations: [SourceLocation(line: 2, column: 4)])
    ) { try parse(utf8: bytes) }
    // Overlong forms, surrogates and truncated sequences are all refused.
    for bad: [UInt8] in [
      [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0xFF],
    ] {
      #expect(Source.firstInvalidUTF8Offset(Array("{a}".utf8) + bad) == 3)
    }
    #expect(Source.firstInvalidUTF8Offset(Array("{ a(x: \"é🚀\") }".utf8)) == nil)
  }

  @Test func controlCharactersOutsideStringsAreErrors() {
    #expect(
      throws: GraphQLError(
        "Syntax Error: Unexpected character: U+0000.", locations: [SourceLocation(line: 1, column: 3)])
    ) { try parse("{ \u{0} a }") }
  }
}
