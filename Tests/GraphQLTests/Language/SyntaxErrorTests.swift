import GraphQLWire
import Testing

@testable import GraphQL

/// One document that must fail to parse, with graphql-js 16's message and location for it.
struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
  let document: String
  let message: String
  let line: Int
  let column: Int

  init(_ document: String, _ message: String, _ line: Int, _ column: Int) {
    self.document = document
    self.message = message
    self.line = line
    self.column = column
  }

  var testDescription: String { document.debugDescription }
}

/// Every lexer and parser error message we emit, checked against what graphql-js says (message
/// and line:column) for the same document.
@Suite struct SyntaxErrorTests {
  static let cases: [SyntaxErrorCase] = [
    SyntaxErrorCase("{ a % }", "Syntax Error: Unexpected character: \"%\".", 1, 5),
    SyntaxErrorCase(
      "{ a 'b' }",
      "Syntax Error: Unexpected single quote character ('), did you mean to use a double quote (\")?", 1, 5),
    SyntaxErrorCase("\"abc", "Syntax Error: Unterminated string.", 1, 5),
    SyntaxErrorCase("{ a(x: \"abc\ndef\") }", "Syntax Error: Unterminated string.", 1, 12),
    SyntaxErrorCase("{ a(x: 1x) }", "Syntax Error: Invalid number, expected digit but got: \"x\".", 1, 9),
    SyntaxErrorCase("{ a(x: 00) }", "Syntax Error: Invalid number, unexpected digit after 0: \"0\".", 1, 9),
    SyntaxErrorCase("{ a(x: 1.) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 10),
    SyntaxErrorCase("{ a(x: 1.a) }", "Syntax Error: Invalid number, expected digit but got: \"a\".", 1, 10),
    SyntaxErrorCase("{ a(x: 1e) }", "Syntax Error: Invalid number, expected digit but got: \")\".", 1, 10),
    SyntaxErrorCase("{ a(x: 1.2.3) }", "Syntax Error: Invalid number, expected digit but got: \".\".", 1, 11),
    SyntaxErrorCase("{ a(x: -a) }", "Syntax Error: Invalid number, expected digit but got: \"a\".", 1, 9),
    SyntaxErrorCase("{ a(x: +1) }", "Syntax Error: Unexpected character: \"+\".", 1, 8),
    SyntaxErrorCase("{ a(x: 1_000) }", "Syntax Error: Invalid number, expected digit but got: \"_\".", 1, 9),
    SyntaxErrorCase("{ a(x: \"\\x\") }", "Syntax Error: Invalid character escape sequence: \"\\x\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\u12\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u12\")\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\uD83D\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uD83D\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\uDE00\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uDE00\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\uD83D\\u0041\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\uD83D\".", 1, 9),
    SyntaxErrorCase("{ a(x: \"\\u{}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{}\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\u{110000}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{110000}\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\u{D800}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{D800}\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\u{1F680\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{1F680\"\".", 1, 9),
    SyntaxErrorCase(
      "{ a(x: \"\\u{FFFFFFFFF}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{FFFFFFFF\".", 1, 9
    ),
    SyntaxErrorCase(
      "{ a(x: \"\\u{é}\") }", "Syntax Error: Invalid Unicode escape sequence: \"\\u{é\".", 1, 9),
    SyntaxErrorCase("{ a(x: \"\\é\") }", "Syntax Error: Invalid character escape sequence: \"\\é\".", 1, 9),
    SyntaxErrorCase("{ a(x: \"\"\"abc) }", "Syntax Error: Unterminated string.", 1, 17),
    SyntaxErrorCase("{ a .. }", "Syntax Error: Unexpected character: \".\".", 1, 5),
    SyntaxErrorCase("{ a \u{7} }", "Syntax Error: Unexpected character: U+0007.", 1, 5),
    SyntaxErrorCase("{ é }", "Syntax Error: Unexpected character: U+00E9.", 1, 3),
    SyntaxErrorCase("\n\n  🚀 { a }", "Syntax Error: Unexpected character: U+1F680.", 3, 3),
    SyntaxErrorCase("{ a\u{A0}b }", "Syntax Error: Unexpected character: U+00A0.", 1, 4),
    SyntaxErrorCase("\"a\"", "Syntax Error: Unexpected <EOF>.", 1, 4),
    SyntaxErrorCase("?", "Syntax Error: Unexpected character: \"?\".", 1, 1),
    SyntaxErrorCase("", "Syntax Error: Unexpected <EOF>.", 1, 1),
    SyntaxErrorCase("{", "Syntax Error: Expected Name, found <EOF>.", 1, 2),
    SyntaxErrorCase("{ a: }", "Syntax Error: Expected Name, found \"}\".", 1, 6),
    SyntaxErrorCase("query", "Syntax Error: Expected \"{\", found <EOF>.", 1, 6),
    SyntaxErrorCase("foo", "Syntax Error: Unexpected Name \"foo\".", 1, 1),
    SyntaxErrorCase("query Q($a) { a }", "Syntax Error: Expected \":\", found \")\".", 1, 11),
    SyntaxErrorCase("{ a(x: ) }", "Syntax Error: Unexpected \")\".", 1, 8),
    SyntaxErrorCase("fragment on on T { a }", "Syntax Error: Unexpected Name \"on\".", 1, 10),
    SyntaxErrorCase("fragment F T { a }", "Syntax Error: Expected \"on\", found Name \"T\".", 1, 12),
    SyntaxErrorCase(
      "query Q($v: Int = $w) { a }", "Syntax Error: Unexpected variable \"$w\" in constant value.", 1, 19),
    SyntaxErrorCase("query Q($v: Int = $) { a }", "Syntax Error: Unexpected \"$\".", 1, 19),
    // graphql-js 16.12 (executable descriptions): these two messages changed.
    SyntaxErrorCase(
      "\"desc\" extend type T { a: Int }",
      "Syntax Error: Unexpected description, only GraphQL definitions support descriptions.", 1, 1),
    SyntaxErrorCase(
      "\"\"\"desc\"\"\" { a }",
      "Syntax Error: Unexpected description, descriptions are not supported on shorthand queries.", 1, 1),
    SyntaxErrorCase("extend foo", "Syntax Error: Unexpected Name \"foo\".", 1, 8),
    SyntaxErrorCase("extend scalar S", "Syntax Error: Unexpected <EOF>.", 1, 16),
    SyntaxErrorCase("extend schema", "Syntax Error: Unexpected <EOF>.", 1, 14),
    SyntaxErrorCase("extend type T", "Syntax Error: Unexpected <EOF>.", 1, 14),
    SyntaxErrorCase("extend union U", "Syntax Error: Unexpected <EOF>.", 1, 15),
    SyntaxErrorCase("extend enum E", "Syntax Error: Unexpected <EOF>.", 1, 14),
    SyntaxErrorCase("extend input I", "Syntax Error: Unexpected <EOF>.", 1, 15),
    SyntaxErrorCase("extend interface I", "Syntax Error: Unexpected <EOF>.", 1, 19),
    SyntaxErrorCase(
      "enum E { true }", "Syntax Error: Name \"true\" is reserved and cannot be used for an enum value.", 1,
      10),
    SyntaxErrorCase(
      "enum E { \"d\" null }",
      "Syntax Error: Name \"null\" is reserved and cannot be used for an enum value.", 1, 14),
    SyntaxErrorCase("directive @d on FOO", "Syntax Error: Unexpected Name \"FOO\".", 1, 17),
    SyntaxErrorCase(
      "directive @d(a: Int) FIELD", "Syntax Error: Expected \"on\", found Name \"FIELD\".", 1, 22),
    SyntaxErrorCase("type T { f: }", "Syntax Error: Expected Name, found \"}\".", 1, 13),
    SyntaxErrorCase("type T implements { f: Int }", "Syntax Error: Expected Name, found \"{\".", 1, 19),
    SyntaxErrorCase("union U = ", "Syntax Error: Expected Name, found <EOF>.", 1, 11),
    SyntaxErrorCase("schema { query }", "Syntax Error: Expected \":\", found \"}\".", 1, 16),
    SyntaxErrorCase("schema { foo: Q }", "Syntax Error: Unexpected Name \"foo\".", 1, 10),
    SyntaxErrorCase("{ ... on }", "Syntax Error: Expected Name, found \"}\".", 1, 10),
    SyntaxErrorCase("{ a(x: {b: 1, c}) }", "Syntax Error: Expected \":\", found \"}\".", 1, 16),
    SyntaxErrorCase("query Q { a } }", "Syntax Error: Unexpected \"}\".", 1, 15),
    SyntaxErrorCase("{ a(x: [1, 2) }", "Syntax Error: Unexpected \")\".", 1, 13),
    SyntaxErrorCase("{ a(x: $1) }", "Syntax Error: Expected Name, found Int \"1\".", 1, 9),
    SyntaxErrorCase("{ a } # comment\n }", "Syntax Error: Unexpected \"}\".", 2, 2),
    SyntaxErrorCase("query Q($v: [Int!]!] { a }", "Syntax Error: Expected \"$\", found \"]\".", 1, 20),
    SyntaxErrorCase(
      "type T { f(a: Int = $v): Int }", "Syntax Error: Unexpected variable \"$v\" in constant value.", 1, 21),
    SyntaxErrorCase("{ a @ }", "Syntax Error: Expected Name, found \"}\".", 1, 7),
    SyntaxErrorCase("{ ...F @d(x: }", "Syntax Error: Unexpected \"}\".", 1, 14),
    SyntaxErrorCase("fragment \"on\" on T { a }", "Syntax Error: Unexpected String \"on\".", 1, 10),
    SyntaxErrorCase("mutation { a(x: \"\"\"\n  unterminated", "Syntax Error: Unterminated string.", 2, 15),
    SyntaxErrorCase("query Q @a(b: 1 { c }", "Syntax Error: Expected Name, found \"{\".", 1, 17),
  ]

  @Test(arguments: cases)
  func messageAndLocationMatchGraphQLJS(_ testCase: SyntaxErrorCase) {
    #expect(
      throws: GraphQLError(
        testCase.message, locations: [SourceLocation(line: testCase.line, column: testCase.column)])
    ) {
      try parse(testCase.document)
    }
  }
}
