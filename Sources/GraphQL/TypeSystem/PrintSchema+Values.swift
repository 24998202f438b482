/// The language printer's string and value forms, as schema printing and coercion messages use
/// them (graphql-js prints descriptions, `@deprecated` reasons and literals with `print`).
enum SchemaValuePrinter {
  /// A value literal as GraphQL writes it (`[1, 2]`, `{a: "x"}`, `$var`).
  static func print(_ value: Value) -> String {
    GraphQL.print(value)
  }

  /// A string in double quotes, with graphql-js's escapes.
  static func printString(_ text: String) -> String {
    GraphQL.print(Value.string(text, block: false, range: nil))
  }

  /// A description: a block string when that is lossless, else a quoted string.
  static func printDescription(_ text: String) -> String {
    GraphQL.print(Value.string(text, block: BlockString.isPrintable(text), range: nil))
  }
}
