import GraphQLWire

/// A Swift type a GraphQL scalar (or enum) result decodes into.
public protocol GraphQLScalarDecodable: Sendable {
  /// Decodes `json`, or returns nil when it has the wrong JSON type.
  init?(scalarJSON json: JSON)
  /// The GraphQL type's name for error messages.
  static var graphQLTypeDescription: String { get }
}

extension String: GraphQLScalarDecodable {
  /// Strings decode from JSON strings; an `ID` may also arrive as an integer.
  public init?(scalarJSON json: JSON) {
    switch json {
    case .string(let value): self = value
    case .int(let value): self = String(value)
    default: return nil
    }
  }

  /// "a string".
  public static var graphQLTypeDescription: String { "a string" }
}

extension Int: GraphQLScalarDecodable {
  /// A JSON integer.
  public init?(scalarJSON json: JSON) {
    guard case .int(let value) = json else { return nil }
    self = value
  }

  /// "an integer".
  public static var graphQLTypeDescription: String { "an integer" }
}

extension Double: GraphQLScalarDecodable {
  /// A JSON number (an integer too).
  public init?(scalarJSON json: JSON) {
    switch json {
    case .double(let value): self = value
    case .int(let value): self = Double(value)
    default: return nil
    }
  }

  /// "a number".
  public static var graphQLTypeDescription: String { "a number" }
}

extension Bool: GraphQLScalarDecodable {
  /// A JSON boolean.
  public init?(scalarJSON json: JSON) {
    guard case .bool(let value) = json else { return nil }
    self = value
  }

  /// "a boolean".
  public static var graphQLTypeDescription: String { "a boolean" }
}

/// GraphQL's `ID`: serialized as a string.
public typealias GraphQLID = String
