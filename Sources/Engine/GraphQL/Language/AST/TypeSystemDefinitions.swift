/// TypeSystemDefinition: a schema, type or directive definition.
public enum TypeSystemDefinition: Hashable, Sendable {
  case schema(SchemaDefinition)
  case type(TypeDefinition)
  case directive(DirectiveDefinition)

  public var range: SourceRange? {
    switch self {
    case .schema(let node): node.range
    case .type(let node): node.range
    case .directive(let node): node.range
    }
  }
}

/// SchemaDefinition: `Description? schema Directives? { RootOperationTypeDefinition+ }`.
public struct SchemaDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var directives: [Directive]
  public var operationTypes: [RootOperationTypeDefinition]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, directives: [Directive] = [],
    operationTypes: [RootOperationTypeDefinition], range: SourceRange? = nil
  ) {
    self.description = description
    self.directives = directives
    self.operationTypes = operationTypes
    self.range = range
  }
}

/// RootOperationTypeDefinition: `OperationType : NamedType`.
public struct RootOperationTypeDefinition: Hashable, Sendable {
  public var operation: OperationType
  public var type: NamedType
  public var range: SourceRange?

  public init(operation: OperationType, type: NamedType, range: SourceRange? = nil) {
    self.operation = operation
    self.type = type
    self.range = range
  }
}

/// A description or other string literal in the type system, with its decoded value.
public struct StringLiteral: Hashable, Sendable {
  public var value: String
  public var block: Bool
  public var range: SourceRange?

  public init(_ value: String, block: Bool = false, range: SourceRange? = nil) {
    self.value = value
    self.block = block
    self.range = range
  }
}

/// TypeDefinition: scalar, object, interface, union, enum or input object.
public enum TypeDefinition: Hashable, Sendable {
  case scalar(ScalarTypeDefinition)
  case object(ObjectTypeDefinition)
  case interface(InterfaceTypeDefinition)
  case union(UnionTypeDefinition)
  case enumeration(EnumTypeDefinition)
  case inputObject(InputObjectTypeDefinition)

  public var name: Name {
    switch self {
    case .scalar(let node): node.name
    case .object(let node), .interface(let node): node.name
    case .union(let node): node.name
    case .enumeration(let node): node.name
    case .inputObject(let node): node.name
    }
  }

  public var range: SourceRange? {
    switch self {
    case .scalar(let node): node.range
    case .object(let node), .interface(let node): node.range
    case .union(let node): node.range
    case .enumeration(let node): node.range
    case .inputObject(let node): node.range
    }
  }
}

/// ScalarTypeDefinition: `Description? scalar Name Directives?`.
public struct ScalarTypeDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var directives: [Directive]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, directives: [Directive] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.range = range
  }
}

/// ObjectTypeDefinition: `Description? type Name ImplementsInterfaces? Directives? FieldsDefinition?`.
public struct ObjectTypeDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var interfaces: [NamedType]
  public var directives: [Directive]
  public var fields: [FieldDefinition]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, interfaces: [NamedType] = [],
    directives: [Directive] = [], fields: [FieldDefinition] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.interfaces = interfaces
    self.directives = directives
    self.fields = fields
    self.range = range
  }
}

/// InterfaceTypeDefinition: `Description? interface Name ImplementsInterfaces? Directives? FieldsDefinition?`,
/// the parts of an object type's definition.
public typealias InterfaceTypeDefinition = ObjectTypeDefinition

/// FieldDefinition: `Description? Name ArgumentsDefinition? : Type Directives?`.
public struct FieldDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var arguments: [InputValueDefinition]
  public var type: TypeReference
  public var directives: [Directive]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, arguments: [InputValueDefinition] = [],
    type: TypeReference, directives: [Directive] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.arguments = arguments
    self.type = type
    self.directives = directives
    self.range = range
  }
}

/// InputValueDefinition: `Description? Name : Type DefaultValue? Directives?`.
public struct InputValueDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var type: TypeReference
  public var defaultValue: Value?
  public var directives: [Directive]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, type: TypeReference, defaultValue: Value? = nil,
    directives: [Directive] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.type = type
    self.defaultValue = defaultValue
    self.directives = directives
    self.range = range
  }
}

/// UnionTypeDefinition: `Description? union Name Directives? UnionMemberTypes?`.
public struct UnionTypeDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var directives: [Directive]
  public var types: [NamedType]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, directives: [Directive] = [], types: [NamedType] = [],
    range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.types = types
    self.range = range
  }
}

/// EnumTypeDefinition: `Description? enum Name Directives? EnumValuesDefinition?`.
public struct EnumTypeDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var directives: [Directive]
  public var values: [EnumValueDefinition]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, directives: [Directive] = [],
    values: [EnumValueDefinition] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.values = values
    self.range = range
  }
}

/// EnumValueDefinition: `Description? EnumValue Directives?`.
public struct EnumValueDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var directives: [Directive]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, directives: [Directive] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.range = range
  }
}

/// InputObjectTypeDefinition: `Description? input Name Directives? InputFieldsDefinition?`.
public struct InputObjectTypeDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var directives: [Directive]
  public var fields: [InputValueDefinition]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, directives: [Directive] = [],
    fields: [InputValueDefinition] = [], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.directives = directives
    self.fields = fields
    self.range = range
  }
}

/// DirectiveDefinition:
/// `Description? directive @ Name ArgumentsDefinition? repeatable? on DirectiveLocations`.
public struct DirectiveDefinition: Hashable, Sendable {
  public var description: StringLiteral?
  public var name: Name
  public var arguments: [InputValueDefinition]
  /// Directives on the definition itself (graphql-js 17.1: `@deprecated`).
  public var directives: [Directive]
  public var isRepeatable: Bool
  public var locations: [Name]
  public var range: SourceRange?

  public init(
    description: StringLiteral? = nil, name: Name, arguments: [InputValueDefinition] = [],
    directives: [Directive] = [], isRepeatable: Bool = false, locations: [Name], range: SourceRange? = nil
  ) {
    self.description = description
    self.name = name
    self.arguments = arguments
    self.directives = directives
    self.isRepeatable = isRepeatable
    self.locations = locations
    self.range = range
  }
}
