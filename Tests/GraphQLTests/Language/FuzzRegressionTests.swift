import Testing

@testable import GraphQL

/// Inputs that once broke, or could break, the fuzz target's property: whatever parses prints to
/// text that parses back to the same AST (see Fuzz/ParserEntry.swift). New crash inputs from
/// `Fuzz/run.sh parser` go here once fixed.
@Suite struct FuzzRegressionTests {
  static let inputs: [String] = [
    // `"""` followed by a combining mark is one Character but still a terminator to the lexer.
    "{ a(x: \"\"\"q \\\"\"\"\u{301} r\"\"\") }",
    // A block string ending in a backslash or a quote must print with a trailing line break.
    "{ a(x: \"\"\"ends with \\\n\"\"\", y: \"\"\"ends with \"\n\"\"\") }",
    // Indented later lines need a leading line break, also in the compact form.
    "{ a(x: \"\"\"first\n      indented\n    less\"\"\") }",
    // First-line indentation is kept; CR and CRLF become LF.
    "{ a(x: \"\"\"   lead\r\n  b\r  c\"\"\") }",
    // Every escape, control characters and non-BMP text in a plain string.
    #"{ a(x: "\u0000\u001F\u007F\u0085 \"\\\/\b\f\n\r\t \u{10FFFF} \uD83D\uDE80 é") }"#,
    // A spread right after a name, an inline fragment without type condition, then a spread.
    "{ a ...F ... @d { b } ...on T { c } }",
    // Numbers keep their spelling.
    "{ a(x: [-0, 0.0, 1e+3, -1.5E-7, 123456789012345678901234567890]) }",
    // Descriptions of both kinds on everything that takes one.
    #"""
    "s" schema { query: Q } """b""" scalar S "t" type T implements A & B { "f" f("a" a: Int = 1 @d): [T!]! }
    "e" enum E { "v" V } "i" input I { "f" f: I = {f: null} } "d" directive @d("a" a: [I]) repeatable on FIELD | ENUM_VALUE
    """#,
  ]

  @Test(arguments: inputs)
  func printedFormsParseBackToTheSameAST(_ input: String) throws {
    let options = ParseOptions(noLocation: true)
    let document = try parse(input, options: options)
    #expect(try parse(print(document), options: options) == document)
    #expect(try parse(printCompact(document), options: options) == document)
  }
}
