/// TypeSystemExtension: `extend schema ...` or `extend <type kind> ...`.
///
/// The payloads reuse the definition nodes; an extension simply has no description, and its
/// lists hold only what the extension adds.
public enum TypeSystemExtension: Hashable, Sendable {
  case schema(SchemaExtension)
  case scalar(ScalarTypeDefinition)
  case object(ObjectTypeDefinition)
  case interface(InterfaceTypeDefinition)
  case union(UnionTypeDefinition)
  case enumeration(EnumTypeDefinition)
  case inputObject(InputObjectTypeDefinition)

  public var range: SourceRange? {
    switch self {
    case .schema(let node): node.range
    case .scalar(let node): node.range
    case .object(let node), .interface(let node): node.range
    case .union(let node): node.range
    case .enumeration(let node): node.range
    case .inputObject(let node): node.range
    }
  }

  /// The extended type's name (nil for a schema extension).
  public var typeName: Name? {
    switch self {
    case .schema: nil
    case .scalar(let node): node.name
    case .object(let node), .interface(let node): node.name
    case .union(let node): node.name
    case .enumeration(let node): node.name
    case .inputObject(let node): node.name
    }
  }
}

/// SchemaExtension: `extend schema Directives? { RootOperationTypeDefinition* }`.
public struct SchemaExtension: Hashable, Sendable {
  public var directives: [Directive]
  public var operationTypes: [RootOperationTypeDefinition]
  public var range: SourceRange?

  public init(
    directives: [Directive] = [], operationTypes: [RootOperationTypeDefinition] = [],
    range: SourceRange? = nil
  ) {
    self.directives = directives
    self.operationTypes = operationTypes
    self.range = range
  }
}
