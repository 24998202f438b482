import GraphQLWire

/// The `errors` of a response, as generated decoders look them up: by the path of the field
/// being decoded.
public struct ResponseErrors: Sendable, Hashable {
  /// Every error of the response, in order.
  public var all: [GraphQLError]

  public init(_ all: [GraphQLError]) {
    self.all = all
  }

  /// No errors: data decoded from a cache or a mock.
  public static let none = ResponseErrors([])

  /// The errors at `path` or below it: a field is null because of an error at its own path
  /// (`onError: NULL`, or a nullable field that failed) or, when the server propagates errors, at a
  /// non-null field inside it.
  public func at(_ path: [PathComponent]) -> [GraphQLError] {
    guard !all.isEmpty else { return [] }
    return all.filter { error in
      guard let errorPath = error.path, errorPath.count >= path.count else { return false }
      return errorPath.starts(with: path)
    }
  }
}
