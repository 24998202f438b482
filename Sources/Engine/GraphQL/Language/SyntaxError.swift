import GraphQLWire

extension GraphQLError {
  /// A `Syntax Error: <description>` located at a byte offset of `source`, as graphql-js's
  /// `syntaxError` builds it.
  ///
  /// - Parameters:
  ///   - offset: the UTF-8 byte offset the error is about.
  ///   - description: the message after the `Syntax Error: ` prefix.
  static func syntax(_ source: Source, at offset: Int, _ description: String) -> GraphQLError {
    GraphQLError("Syntax Error: \(description)", locations: [source.location(ofOffset: offset)])
  }
}
