import GraphQL
import GraphQLWire
import Testing

/// Shared helpers for the rule tests: validate a document with some rules against the pets
/// schema and compare messages and `line:column` locations exactly.
enum ValidationHarness {
  /// The errors `rules` report for `query` against `schema` (default: the pets schema).
  static func errors(
    _ rules: [ValidationRule], _ query: String, schema: GraphQLSchema? = ValidationTestSchema.schema,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> [GraphQLError] {
    let schema = try #require(schema, "the test schema builds", sourceLocation: sourceLocation)
    let document = try parse(query)
    return validate(schema: schema, document: document, rules: rules)
  }
}

/// Expects `rule` to accept `query`.
func expectValid(
  _ rule: ValidationRule, _ query: String, schema: GraphQLSchema? = ValidationTestSchema.schema,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let errors = try ValidationHarness.errors([rule], query, schema: schema, sourceLocation: sourceLocation)
  #expect(errors.map(\.description) == [], sourceLocation: sourceLocation)
}

/// Expects `rule` to report exactly `expected` for `query`: each a message and its locations
/// written `line:column`, in report order.
func expectErrors(
  _ rule: ValidationRule, _ query: String, _ expected: [(String, [String])],
  schema: GraphQLSchema? = ValidationTestSchema.schema,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  try expectErrors([rule], query, expected, schema: schema, sourceLocation: sourceLocation)
}

/// Expects `rules` together to report exactly `expected` for `query`.
func expectErrors(
  _ rules: [ValidationRule], _ query: String, _ expected: [(String, [String])],
  schema: GraphQLSchema? = ValidationTestSchema.schema,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
  let errors = try ValidationHarness.errors(rules, query, schema: schema, sourceLocation: sourceLocation)
  let actual = errors.map { ErrorSummary(message: $0.message, locations: $0.locations.map(\.description)) }
  let wanted = expected.map { ErrorSummary(message: $0.0, locations: $0.1) }
  #expect(actual == wanted, sourceLocation: sourceLocation)
}

/// A comparable, readable form of an error for test failures.
struct ErrorSummary: Equatable, CustomStringConvertible {
  var message: String
  var locations: [String]
  var description: String { "\(message) @ \(locations.joined(separator: ","))" }
}
