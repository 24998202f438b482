import GraphQLWire

/// A Swift value that can be sent as a GraphQL input value (a variable).
public protocol GraphQLInputValueConvertible: Sendable {
  /// The value as JSON.
  var inputJSON: JSON { get }
}

extension String: GraphQLInputValueConvertible {
  public var inputJSON: JSON { .string(self) }
}

extension Int: GraphQLInputValueConvertible {
  public var inputJSON: JSON { .int(self) }
}

extension Double: GraphQLInputValueConvertible {
  public var inputJSON: JSON { .double(self) }
}

extension Bool: GraphQLInputValueConvertible {
  public var inputJSON: JSON { .bool(self) }
}

extension Optional: GraphQLInputValueConvertible where Wrapped: GraphQLInputValueConvertible {
  public var inputJSON: JSON { self?.inputJSON ?? .null }
}

extension Array: GraphQLInputValueConvertible where Element: GraphQLInputValueConvertible {
  public var inputJSON: JSON { .array(map(\.inputJSON)) }
}
