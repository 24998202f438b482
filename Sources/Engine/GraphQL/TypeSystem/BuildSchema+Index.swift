/// The type-system definitions of an SDL document, sorted by kind, in document order.
struct SchemaDocumentIndex {
  /// All definitions in document order.
  var definitions: [Definition] = []
  var schemaDefinitions: [SchemaDefinition] = []
  var schemaExtensions: [SchemaExtension] = []
  var typeDefinitions: [TypeDefinition] = []
  /// The first definition of each type name (later duplicates are an SDL error).
  var typeDefinitionByName: [String: TypeDefinition] = [:]
  var typeExtensions: [TypeSystemExtension] = []
  var extensionsByName: [String: [TypeSystemExtension]] = [:]
  var directiveDefinitions: [DirectiveDefinition] = []

  init(_ document: Document) {
    definitions = document.definitions
    for definition in document.definitions {
      switch definition {
      case .typeSystem(.schema(let schema)): schemaDefinitions.append(schema)
      case .typeSystem(.type(let type)):
        typeDefinitions.append(type)
        if typeDefinitionByName[type.name.value] == nil { typeDefinitionByName[type.name.value] = type }
      case .typeSystem(.directive(let directive)): directiveDefinitions.append(directive)
      case .typeSystemExtension(.schema(let schema)): schemaExtensions.append(schema)
      case .typeSystemExtension(let typeExtension):
        typeExtensions.append(typeExtension)
        if let name = typeExtension.typeName?.value {
          extensionsByName[name, default: []].append(typeExtension)
        }
      case .operation, .fragment: break
      }
    }
  }

  /// The source ranges of each type's extensions, for errors that point at all of a type's nodes.
  var extensionRanges: [String: [SourceRange?]] { extensionsByName.mapValues { $0.map(\.range) } }
}
