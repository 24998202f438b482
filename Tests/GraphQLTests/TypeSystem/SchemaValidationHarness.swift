import GraphQLWire

@testable import GraphQL

/// The errors `buildSchema` reports for `sdl`, each as its message followed by its `line:column`
/// list, the form the schema-validation suites compare with graphql-js 16's output.
///
/// - Parameter sdl: the schema text.
/// - Returns: the errors in reporting order; empty when the schema builds.
/// - Throws: any error other than `SchemaValidationError` (a syntax error, for instance), so a
///   test with malformed SDL fails instead of passing vacuously.
func schemaValidationErrors(_ sdl: String) throws -> [String] {
  do {
    _ = try buildSchema(sdl)
    return []
  } catch let error as SchemaValidationError {
    return error.errors.map { "\($0.message) \($0.locations.map(\.description))" }
  }
}
