import GraphQLWire
import Testing

@testable import GraphQL

/// Smaller printing cases, each with what graphql-js 16 prints for it (from node).
@Suite struct PrintSchemaCaseTests {
  static let cases: [(name: String, sdl: String, printed: String)] = [
    (
      "empty descriptions and reasons",
      "\"\" type Query { \"\" a(x: Int = 1 @deprecated(reason: \"\")): String @deprecated(reason: \"\") b: Float }",
      "\"\"\"\"\"\"\ntype Query {\n  \"\"\"\"\"\"\n  a(x: Int = 1 @deprecated(reason: \"\")): String @deprecated(reason: \"\")\n  b: Float\n}"
    ),
    (
      "numeric defaults coerced and re-printed",
      "type Query { a(x: Float = 1e3, y: Float = -0.0, z: Int = -0, w: [[Int]] = 1, v: String = null, u: [Int!] = null): Int }",
      "type Query {\n  a(x: Float = 1000, y: Float = 0, z: Int = 0, w: [[Int]] = [[1]], v: String = null, u: [Int!] = null): Int\n}"
    ),
    (
      "block and unicode descriptions",
      "\"\"\"\n  indented\n  block\n\"\"\"\ntype Query { a: Int }\n\"unicode é 💥 \\u00e9\" scalar U",
      "\"\"\"\nindented\nblock\n\"\"\"\ntype Query {\n  a: Int\n}\n\n\"\"\"unicode é 💥 é\"\"\"\nscalar U"
    ),
    (
      "enum and nested input object defaults",
      "type Query { a(e: E = B, f: [E] = [A, B]): Int }\nenum E { A B }\ninput I { a: I2 = {x: 1} }\ninput I2 { x: Int y: String = \"d\" }\ntype T { i(i: I = {}): Int }",
      "type Query {\n  a(e: E = B, f: [E] = [A, B]): Int\n}\n\nenum E {\n  A\n  B\n}\n\ninput I {\n  a: I2 = {x: 1, y: \"d\"}\n}\n\ninput I2 {\n  x: Int\n  y: String = \"d\"\n}\n\ntype T {\n  i(i: I = {a: {x: 1, y: \"d\"}}): Int\n}"
    ),
    (
      "conventional schema block omitted", "schema { query: Query } type Query { a: Int }",
      "type Query {\n  a: Int\n}"
    ),
    (
      "unconventional mutation root",
      "schema { query: Query mutation: M } type Query { a: Int } type M { b: Int }",
      "schema {\n  query: Query\n  mutation: M\n}\n\ntype Query {\n  a: Int\n}\n\ntype M {\n  b: Int\n}"
    ),
    (
      "argument descriptions and repeatable directives",
      "type Query { a(\n\"d1\" x: Int\ny: Int): Int }\ndirective @dd(\n\"a\"\nx: Int = 2\n) on FIELD | ENUM_VALUE\ndirective @rep repeatable on FIELD",
      "directive @dd(\n  \"\"\"a\"\"\"\n  x: Int = 2\n) on FIELD | ENUM_VALUE\n\ndirective @rep repeatable on FIELD\n\ntype Query {\n  a(\n    \"\"\"d1\"\"\"\n    x: Int\n    y: Int\n  ): Int\n}"
    ),
    (
      "interface and union membership",
      "interface I { a: Int } type Query implements I { a: Int } type Q2 implements I { a: Int } union U = Query | Q2",
      "interface I {\n  a: Int\n}\n\ntype Query implements I {\n  a: Int\n}\n\ntype Q2 implements I {\n  a: Int\n}\n\nunion U = Query | Q2"
    ),
  ]

  @Test func printsLikeGraphQLJS() throws {
    for (name, sdl, printed) in Self.cases {
      #expect(printSchema(try buildSchema(sdl)) == printed, "\(name)")
    }
  }
}
