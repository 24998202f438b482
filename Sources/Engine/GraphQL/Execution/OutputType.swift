import GraphQLWire

/// A field's output type resolved against the schema once, so completing each value needs no
/// type-name lookups.
indirect enum OutputType {
  case nonNull(OutputType)
  case list(OutputType)
  /// A scalar, and which built-in it is (the executor serializes common values of built-ins
  /// without going through `serialize`, with the same results).
  case scalar(GraphQLScalarType, BuiltInScalar?)
  case enumeration(GraphQLEnumType)
  case object(GraphQLObjectType)
  /// An interface or union, by name.
  case abstract(String)
  /// A name the schema does not define as an output type (an invalid schema).
  case unknown(String)

  init(_ reference: GraphQLTypeReference, schema: GraphQLSchema) {
    switch reference {
    case .nonNull(let inner): self = .nonNull(OutputType(inner, schema: schema))
    case .list(let inner): self = .list(OutputType(inner, schema: schema))
    case .named(let name):
      switch schema.type(named: name) {
      case .scalar(let scalar)?: self = .scalar(scalar, BuiltInScalar(scalar))
      case .enumeration(let enumeration)?: self = .enumeration(enumeration)
      case .object(let object)?: self = .object(object)
      case .interface?, .union?: self = .abstract(name)
      case .inputObject?, nil: self = .unknown(name)
      }
    }
  }
}

/// The built-in scalars, told apart by identity.
enum BuiltInScalar {
  case string, id, int, float, boolean

  init?(_ scalar: GraphQLScalarType) {
    if scalar === GraphQLScalarType.string {
      self = .string
    } else if scalar === GraphQLScalarType.id {
      self = .id
    } else if scalar === GraphQLScalarType.int {
      self = .int
    } else if scalar === GraphQLScalarType.float {
      self = .float
    } else if scalar === GraphQLScalarType.boolean {
      self = .boolean
    } else {
      return nil
    }
  }

  /// The serialized form of the plain Swift values built-ins are mostly given, or nil to use the
  /// scalar's `serialize`. One concrete cast, where `serialize` tries several.
  @inline(__always)
  func fastSerialize(_ value: any Sendable) -> JSON? {
    switch self {
    case .string, .id:
      if let string = exactCast(value, to: String.self) ?? value as? String { return .string(string) }
    case .int:
      if let int = exactCast(value, to: Int.self) ?? value as? Int,
        int >= -2_147_483_648 && int <= 2_147_483_647
      {
        return .int(int)
      }
    case .boolean: if let bool = exactCast(value, to: Bool.self) ?? value as? Bool { return .bool(bool) }
    case .float:
      if let double = exactCast(value, to: Double.self) ?? value as? Double, double.isFinite {
        return .double(double)
      }
    }
    return nil
  }
}

extension OutputType: @unchecked Sendable {}
// Safe: every payload is an immutable `Sendable` class or a `String`; the enum is `indirect`, which
// stops the compiler from inferring it.
