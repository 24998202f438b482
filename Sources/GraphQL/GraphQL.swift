/// The GraphQL language and engine: lexer, parser, AST, printer, schema from SDL, validation,
/// execution and introspection. It knows nothing of launches, HTTP, SQLite or terminals.
public enum GraphQLSpecification {
  /// The edition of the specification this engine follows.
  public static let edition = "October 2021, with the current working draft's clarifications"
}
