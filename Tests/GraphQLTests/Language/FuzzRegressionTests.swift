import GraphQLWire
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
    // Found by the fuzzer: a query shorthand after a bodiless extension would become its body.
    "extend input er @tagged query{ limit: Int }",
    "type T enum E extend schema @d extend type U @d interface I input J extend enum F @d { a }",
    // Descriptions of both kinds on everything that takes one.
    #"""
    "s" schema { query: Q } """b""" scalar S "t" type T implements A & B { "f" f("a" a: Int = 1 @d): [T!]! }
    "e" enum E { "v" V } "i" input I { "f" f: I = {f: null} } "d" directive @d("a" a: [I]) repeatable on FIELD | ENUM_VALUE
    """#,
  ]

  @Test func shorthandQueryKeepsItsKeywordOnlyWhereItWouldBeAbsorbed() throws {
    let document = try parse("extend input I @d { a: Int } extend input J @d query { b }")
    #expect(print(document) == "extend input I @d {\n  a: Int\n}\n\nextend input J @d\n\nquery {\n  b\n}")
    #expect(printCompact(document) == "extend input I@d{a:Int}extend input J@d query{b}")
    #expect(print(try parse("type T { a: Int } { b }")) == "type T {\n  a: Int\n}\n\n{\n  b\n}")
  }

  @Test(arguments: inputs)
  func printedFormsParseBackToTheSameAST(_ input: String) throws {
    let options = ParseOptions(noLocation: true)
    let document = try parse(input, options: options)
    #expect(try parse(print(document), options: options) == document)
    #expect(try parse(printCompact(document), options: options) == document)
  }
}
