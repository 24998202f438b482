import GraphQLWire

/// A scalar type and its coercion rules (spec 3.5). Input values, once coerced, are `JSON`
/// (an `Int` is `.int`, an `ID` is `.string`, an enum value is `.string` of its name).
public final class GraphQLScalarType: Sendable {
  public let name: String
  public let description: String?
  /// Set by `@specifiedBy(url:)`.
  public let specifiedByURL: String?
  /// Result coercion: a resolver's value to its JSON form.
  /// - Throws: `GraphQLError` when the value cannot be represented (message as graphql-js).
  public let serialize: @Sendable (any Sendable) throws -> JSON
  /// Input coercion of a variable's JSON value.
  public let parseValue: @Sendable (JSON) throws -> JSON
  /// Input coercion of a constant literal in the document.
  public let parseLiteral: @Sendable (Value) throws -> JSON
  public let definition: ScalarTypeDefinition?

  public init(
    name: String, description: String? = nil, specifiedByURL: String? = nil,
    serialize: @escaping @Sendable (any Sendable) throws -> JSON,
    parseValue: @escaping @Sendable (JSON) throws -> JSON,
    parseLiteral: @escaping @Sendable (Value) throws -> JSON,
    definition: ScalarTypeDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.specifiedByURL = specifiedByURL
    self.serialize = serialize
    self.parseValue = parseValue
    self.parseLiteral = parseLiteral
    self.definition = definition
  }
}

/// An object type: named fields, and the interfaces it implements (by name).
public final class GraphQLObjectType: Sendable {
  public let name: String
  public let description: String?
  public let fields: GraphQLFieldMap
  public let interfaces: [String]
  public let definition: ObjectTypeDefinition?

  public init(
    name: String, description: String? = nil, fields: GraphQLFieldMap, interfaces: [String] = [],
    definition: ObjectTypeDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.fields = fields
    self.interfaces = interfaces
    self.definition = definition
  }
}

/// An interface type: fields that implementing types must provide.
public final class GraphQLInterfaceType: Sendable {
  public let name: String
  public let description: String?
  public let fields: GraphQLFieldMap
  public let interfaces: [String]
  public let definition: InterfaceTypeDefinition?

  public init(
    name: String, description: String? = nil, fields: GraphQLFieldMap, interfaces: [String] = [],
    definition: InterfaceTypeDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.fields = fields
    self.interfaces = interfaces
    self.definition = definition
  }
}

/// A union type: one of several object types (by name).
public final class GraphQLUnionType: Sendable {
  public let name: String
  public let description: String?
  public let types: [String]
  public let definition: UnionTypeDefinition?

  public init(
    name: String, description: String? = nil, types: [String], definition: UnionTypeDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.types = types
    self.definition = definition
  }
}

/// One value of an enum type.
public struct GraphQLEnumValue: Sendable {
  public var name: String
  public var description: String?
  public var deprecationReason: String?
  public var definition: EnumValueDefinition?

  public init(
    name: String, description: String? = nil, deprecationReason: String? = nil,
    definition: EnumValueDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.deprecationReason = deprecationReason
    self.definition = definition
  }
}

/// An enum type: a closed set of names.
public final class GraphQLEnumType: Sendable {
  public let name: String
  public let description: String?
  public let values: [GraphQLEnumValue]
  public let definition: EnumTypeDefinition?
  private let valueNames: Set<String>

  public init(
    name: String, description: String? = nil, values: [GraphQLEnumValue],
    definition: EnumTypeDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.values = values
    self.definition = definition
    self.valueNames = Set(values.map(\.name))
  }

  /// Whether `name` is one of the enum's values.
  public func hasValue(_ name: String) -> Bool { valueNames.contains(name) }
}

/// An input object type: named input fields, in definition order.
public final class GraphQLInputObjectType: Sendable {
  public let name: String
  public let description: String?
  public let fields: [GraphQLInputValue]
  /// A OneOf Input Object (`@oneOf`, spec September 2025 3.10.1): a value gives exactly one
  /// field, and not null.
  public let isOneOf: Bool
  public let definition: InputObjectTypeDefinition?

  public convenience init(
    name: String, description: String? = nil, fields: [GraphQLInputValue],
    definition: InputObjectTypeDefinition? = nil
  ) {
    self.init(name: name, description: description, fields: fields, isOneOf: false, definition: definition)
  }

  /// An input object that is a OneOf Input Object when `isOneOf` is true. (A separate initializer:
  /// a public function's default arguments are compiled into its callers, so a new defaulted
  /// parameter would leave other modules' objects calling the old symbol, which an incremental
  /// build does not always recompile.)
  public init(
    name: String, description: String? = nil, fields: [GraphQLInputValue], isOneOf: Bool,
    definition: InputObjectTypeDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.fields = fields
    self.isOneOf = isOneOf
    self.definition = definition
  }

  /// The input field named `name`, if any.
  public func field(_ name: String) -> GraphQLInputValue? { fields.first { $0.name == name } }
}

/// Where a directive may appear (spec 3.13, `DirectiveLocations`).
public enum DirectiveLocation: String, Hashable, Sendable, CaseIterable {
  case query = "QUERY", mutation = "MUTATION", subscription = "SUBSCRIPTION", field = "FIELD"
  case fragmentDefinition = "FRAGMENT_DEFINITION", fragmentSpread = "FRAGMENT_SPREAD"
  case inlineFragment = "INLINE_FRAGMENT", variableDefinition = "VARIABLE_DEFINITION"
  case schema = "SCHEMA", scalar = "SCALAR", object = "OBJECT", fieldDefinition = "FIELD_DEFINITION"
  case argumentDefinition = "ARGUMENT_DEFINITION", interface = "INTERFACE", union = "UNION"
  case enumeration = "ENUM", enumValue = "ENUM_VALUE", inputObject = "INPUT_OBJECT"
  case inputFieldDefinition = "INPUT_FIELD_DEFINITION"
  /// A directive definition (graphql-js 17.1, for `@deprecated` on directives).
  case directiveDefinition = "DIRECTIVE_DEFINITION"
}

/// A directive a schema declares (built-in or custom).
public final class GraphQLDirective: Sendable {
  public let name: String
  public let description: String?
  public let locations: [DirectiveLocation]
  public let arguments: [GraphQLInputValue]
  public let isRepeatable: Bool
  /// Why the directive is deprecated (`@deprecated` on its definition); nil when it is not.
  public let deprecationReason: String?
  public let definition: DirectiveDefinition?

  public init(
    name: String, description: String? = nil, locations: [DirectiveLocation],
    arguments: [GraphQLInputValue] = [], isRepeatable: Bool = false, deprecationReason: String? = nil,
    definition: DirectiveDefinition? = nil
  ) {
    self.deprecationReason = deprecationReason
    self.name = name
    self.description = description
    self.locations = locations
    self.arguments = arguments
    self.isRepeatable = isRepeatable
    self.definition = definition
  }
}
