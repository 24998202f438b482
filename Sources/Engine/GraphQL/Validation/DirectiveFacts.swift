/// What the directive rules (KnownDirectives, KnownArgumentNames, ProvidedRequiredArguments,
/// UniqueDirectivesPerLocation) ask about one directive, gathered once: for the schema's
/// directives once per schema (`SchemaValidationIndex.directives`), and for a document's own
/// directive definitions, which win over the schema's, only when a document has some.
struct DirectiveFacts: Sendable {
  /// The argument names, in definition order.
  let argumentNames: [String]
  /// The locations it may be used at, by their names.
  let locations: [String]
  /// The arguments a use must give (non-null, no default), with their types as written.
  let requiredArguments: [(name: String, type: String)]
  /// Whether one location may hold it only once (it is not repeatable).
  let isUnique: Bool

  init(_ directive: GraphQLDirective) {
    argumentNames = directive.arguments.map(\.name)
    locations = directive.locations.map(\.rawValue)
    requiredArguments = directive.arguments.filter { $0.type.isNonNull && $0.defaultValue == nil }.map {
      ($0.name, $0.type.description)
    }
    isUnique = !directive.isRepeatable
  }

  init(_ definition: DirectiveDefinition) {
    argumentNames = definition.arguments.map(\.name.value)
    locations = definition.locations.map(\.value)
    requiredArguments = definition.arguments.compactMap {
      guard case .nonNull = $0.type, $0.defaultValue == nil else { return nil }
      return ($0.name.value, $0.type.description)
    }
    isUnique = !definition.isRepeatable
  }

  /// The facts of `directives` by name (a later one of a name wins).
  static func table(_ directives: [GraphQLDirective]) -> [String: DirectiveFacts] {
    var table: [String: DirectiveFacts] = [:]
    for directive in directives { table[directive.name] = DirectiveFacts(directive) }
    return table
  }

  /// `schemaTable` with the directives `document` defines in place of the schema's of their name.
  static func table(_ schemaTable: [String: DirectiveFacts], document: Document) -> [String: DirectiveFacts] {
    var table = schemaTable
    for case .typeSystem(.directive(let definition)) in document.definitions {
      table[definition.name.value] = DirectiveFacts(definition)
    }
    return table
  }
}
