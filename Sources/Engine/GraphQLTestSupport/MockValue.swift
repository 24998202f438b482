import GraphQLWire

/// What a mock field holds: a scalar or enum value as JSON, a nested object, a list, or null.
public indirect enum MockValue: Sendable, Hashable {
  /// A scalar or enum value, as it would arrive in a response.
  case scalar(JSON)
  /// An object of the schema type `typename`, with its fields by schema field name.
  case object(typename: String, fields: [String: MockValue])
  /// A list.
  case list([MockValue])
  /// An explicit null (an element of a list of nullable values).
  case null
}
