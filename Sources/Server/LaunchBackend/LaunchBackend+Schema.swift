import GraphQL
import GraphQLWire

extension LaunchBackend {
  /// The embedded backend's schema (`Operations/schema.graphqls`), without resolvers: what a
  /// client checks a document against before sending it to the embedded backend.
  ///
  /// - Throws: `SchemaValidationError` if the embedded SDL is broken (the test suite guards
  ///   against it).
  public static func schema() throws -> GraphQLSchema {
    try buildSchema(EmbeddedResources.schemaSDL)
  }
}
