import GraphQLWire

/// A Swift value that can be sent as a GraphQL input value (a variable).
public protocol GraphQLInputValueConvertible: Sendable {
  /// The value as JSON.
  var inputJSON: JSON { get }
}

extension String: GraphQLInputValueConvertible {
  /// A JSON string.
  public var inputJSON: JSON { .string(self) }
}

extension Int: GraphQLInputValueConvertible {
  /// A JSON integer.
  public var inputJSON: JSON { .int(self) }
}

extension Double: GraphQLInputValueConvertible {
  /// A JSON number.
  public var inputJSON: JSON { .double(self) }
}

extension Bool: GraphQLInputValueConvertible {
  /// A JSON boolean.
  public var inputJSON: JSON { .bool(self) }
}

extension Optional: GraphQLInputValueConvertible where Wrapped: GraphQLInputValueConvertible {
  /// The wrapped value, or `null` for nil.
  public var inputJSON: JSON { self?.inputJSON ?? .null }
}

extension Array: GraphQLInputValueConvertible where Element: GraphQLInputValueConvertible {
  /// A JSON array of the elements.
  public var inputJSON: JSON { .array(map(\.inputJSON)) }
}
