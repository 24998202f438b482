/// A named type of a schema: one of the six kinds the specification defines.
public enum GraphQLNamedType: Sendable {
  case scalar(GraphQLScalarType)
  case object(GraphQLObjectType)
  case interface(GraphQLInterfaceType)
  case union(GraphQLUnionType)
  case enumeration(GraphQLEnumType)
  case inputObject(GraphQLInputObjectType)

  public var name: String {
    switch self {
    case .scalar(let type): type.name
    case .object(let type): type.name
    case .interface(let type): type.name
    case .union(let type): type.name
    case .enumeration(let type): type.name
    case .inputObject(let type): type.name
    }
  }

  public var description: String? {
    switch self {
    case .scalar(let type): type.description
    case .object(let type): type.description
    case .interface(let type): type.description
    case .union(let type): type.description
    case .enumeration(let type): type.description
    case .inputObject(let type): type.description
    }
  }

  /// Scalars, enums and input objects may be used as input (arguments, variables).
  public var isInputType: Bool {
    switch self {
    case .scalar, .enumeration, .inputObject: true
    case .object, .interface, .union: false
    }
  }

  /// Everything but input objects may be a field's type.
  public var isOutputType: Bool {
    if case .inputObject = self { return false }
    return true
  }

  /// Objects, interfaces and unions: types with selection sets.
  public var isCompositeType: Bool {
    switch self {
    case .object, .interface, .union: true
    case .scalar, .enumeration, .inputObject: false
    }
  }

  /// Interfaces and unions.
  public var isAbstractType: Bool {
    switch self {
    case .interface, .union: true
    default: false
    }
  }

  /// Scalars and enums: types without selection sets.
  public var isLeafType: Bool {
    switch self {
    case .scalar, .enumeration: true
    default: false
    }
  }

  /// The fields of an object or interface type, else nil.
  public var fields: GraphQLFieldMap? {
    switch self {
    case .object(let type): type.fields
    case .interface(let type): type.fields
    default: nil
    }
  }
}
