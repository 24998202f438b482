/// The language printer's string forms, as schema printing uses them (graphql-js prints
/// descriptions and `@deprecated` reasons with `print`).
enum SchemaValuePrinter {
  /// A string in double quotes, with graphql-js's escapes.
  static func printString(_ text: String) -> String {
    GraphQL.print(Value.string(text, block: false, range: nil))
  }

  /// A description: a block string when that is lossless, else a quoted string.
  static func printDescription(_ text: String) -> String {
    GraphQL.print(Value.string(text, block: BlockString.isPrintable(text), range: nil))
  }
}
