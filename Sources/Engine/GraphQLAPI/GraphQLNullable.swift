import GraphQLWire

/// A nullable input value that tells an absent value from an explicit null, as GraphQL does:
/// an absent argument takes its default; an explicit null overrides it.
public enum GraphQLNullable<Wrapped: GraphQLInputValueConvertible>: Sendable {
  /// Not sent at all.
  case absent
  /// Sent as `null`.
  case null
  /// Sent as a value.
  case some(Wrapped)

  /// `.some(value)` for a value, `.null` for nil.
  public init(_ optional: Wrapped?) {
    if let optional { self = .some(optional) } else { self = .null }
  }

  /// The JSON to send, or nil when absent.
  public var inputJSON: JSON? {
    switch self {
    case .absent: nil
    case .null: .null
    case .some(let value): value.inputJSON
    }
  }
}

extension GraphQLNullable: Equatable where Wrapped: Equatable {}

extension GraphQLNullable: Hashable where Wrapped: Hashable {}
