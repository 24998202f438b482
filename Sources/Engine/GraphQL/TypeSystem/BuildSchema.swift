import GraphQLWire

/// Builds a schema from SDL text: parse, check the SDL, build the types (extensions applied),
/// then validate the schema (spec 3, "Type System"; graphql-js `buildSchema` + `validateSchema`).
///
/// The type map includes the built-in scalars that are used, `String` and `Boolean`, and the
/// introspection types, in graphql-js's order. Without a `schema` definition the root types are
/// the types named `Query`, `Mutation` and `Subscription`. The built-in directives are added
/// unless the SDL redefines them.
///
/// - Parameter sdl: the schema's type-system definitions and extensions.
/// - Returns: the validated schema.
/// - Throws: `GraphQLError` for a syntax error; `SchemaValidationError` listing every problem
///   (graphql-js messages, with locations) when the SDL or the schema is invalid.
public func buildSchema(_ sdl: String) throws -> GraphQLSchema {
  try buildSchema(parse(sdl))
}

/// Builds a schema from a parsed SDL document; see `buildSchema(_:)` for the rules.
///
/// Executable definitions (operations, fragments) in the document are ignored.
/// - Throws: `SchemaValidationError` listing every problem when the SDL or schema is invalid.
public func buildSchema(_ document: Document) throws -> GraphQLSchema {
  let index = SchemaDocumentIndex(document)
  var sdlErrors = SchemaErrors(source: document.source)
  SDLValidator(index: index).validate(into: &sdlErrors)
  if !sdlErrors.errors.isEmpty { throw SchemaValidationError(errors: sdlErrors.errors) }

  let builder = SchemaBuilder(index: index)
  let parts = builder.build()
  var errors = SchemaErrors(source: document.source)
  SchemaValidator(parts: parts, extensionRanges: index.extensionRanges).validate(into: &errors)
  guard errors.errors.isEmpty, case .object(let query)? = parts.queryType.flatMap({ parts.typeMap[$0] })
  else { throw SchemaValidationError(errors: errors.errors) }
  return parts.makeSchema(queryType: query)
}

/// A schema that failed validation, with every error found.
public struct SchemaValidationError: Error, Sendable, CustomStringConvertible {
  /// The errors, in the order graphql-js reports them, each with its locations in the SDL.
  public let errors: [GraphQLError]

  /// Creates an error carrying `errors`.
  public init(errors: [GraphQLError]) { self.errors = errors }

  /// All messages, separated by blank lines (as graphql-js's `assertValidSchema`).
  public var message: String { errors.map(\.message).joined(separator: "\n\n") }

  /// The messages, each followed by its first location.
  public var description: String { errors.map(\.description).joined(separator: "\n\n") }
}

/// Collects schema errors, locating them in the SDL source.
struct SchemaErrors {
  let source: Source?
  private(set) var errors: [GraphQLError] = []

  init(source: Source?) { self.source = source }

  mutating func report(_ message: String, _ ranges: [SourceRange?] = []) {
    errors.append(GraphQLError(message, source: source, ranges: ranges))
  }
}
