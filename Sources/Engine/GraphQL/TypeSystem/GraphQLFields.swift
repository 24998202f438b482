import GraphQLWire

/// A field of an object or interface type.
public struct GraphQLField: Sendable {
  public var name: String
  public var description: String?
  public var type: GraphQLTypeReference
  public var arguments: [GraphQLInputValue]
  /// Set by `@deprecated(reason:)`; nil when the field is not deprecated.
  public var deprecationReason: String?
  /// The definition it was built from, for error locations.
  public var definition: FieldDefinition?

  public init(
    name: String, description: String? = nil, type: GraphQLTypeReference,
    arguments: [GraphQLInputValue] = [], deprecationReason: String? = nil,
    definition: FieldDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.type = type
    self.arguments = arguments
    self.deprecationReason = deprecationReason
    self.definition = definition
  }

  /// The argument named `name`, if the field has it.
  public func argument(_ name: String) -> GraphQLInputValue? {
    arguments.first { $0.name == name }
  }
}

/// An argument of a field or directive, or a field of an input object type.
public struct GraphQLInputValue: Sendable {
  public var name: String
  public var description: String?
  public var type: GraphQLTypeReference
  /// The default value as written in the SDL; coerced by whoever uses it.
  public var defaultValue: Value?
  public var deprecationReason: String?
  public var definition: InputValueDefinition?

  public init(
    name: String, description: String? = nil, type: GraphQLTypeReference, defaultValue: Value? = nil,
    deprecationReason: String? = nil, definition: InputValueDefinition? = nil
  ) {
    self.name = name
    self.description = description
    self.type = type
    self.defaultValue = defaultValue
    self.deprecationReason = deprecationReason
    self.definition = definition
  }
}

/// Fields by name, keeping definition order (introspection and printing list them in order).
public struct GraphQLFieldMap: Sendable {
  /// The fields in definition order.
  public let ordered: [GraphQLField]
  /// Positions by name, for types with more fields than are searched one by one.
  private let indexByName: [String: Int]

  public init(_ fields: [GraphQLField]) {
    ordered = fields
    var index: [String: Int] = [:]
    if fields.count > stringKeyScanLimit {
      index.reserveCapacity(fields.count)
      for (position, field) in fields.enumerated() where index[field.name] == nil {
        index[field.name] = position
      }
    }
    indexByName = index
  }

  public subscript(name: String) -> GraphQLField? {
    // Most types have a few fields: comparing their names costs less than hashing `name` (see
    // `Dictionary.scanningSmall`); the first of equal names wins, as in `indexByName`.
    if ordered.count <= stringKeyScanLimit { return ordered.first { $0.name == name } }
    guard let position = indexByName[name] else { return nil }
    return ordered[position]
  }

  public var count: Int { ordered.count }
}
