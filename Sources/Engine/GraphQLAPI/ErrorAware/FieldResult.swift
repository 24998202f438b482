import GraphQLWire

/// A field read with `@catch(to: RESULT)`: its value, or the errors the server reported for it
/// (Apollo Kotlin's `FieldResult`).
///
/// A field fails when it is null with an error at its path or below it, or when a field inside
/// it that is not allowed to be null is, and nothing nearer catches that.
public enum FieldResult<Value: Sendable>: Sendable {
  /// The field's value.
  case success(Value)
  /// The errors of the field (each with its message and path), never empty.
  case failure([GraphQLError])

  /// The value, or nil when the field failed.
  public var value: Value? {
    if case .success(let value) = self { value } else { nil }
  }

  /// The field's errors; empty when it has a value.
  public var errors: [GraphQLError] {
    if case .failure(let errors) = self { errors } else { [] }
  }

  /// The value, or the field's failure thrown.
  /// - Throws: ``ResponseDecodingError`` naming the field's path and the errors' messages.
  public func get() throws(ResponseDecodingError) -> Value {
    switch self {
    case .success(let value): return value
    case .failure(let errors):
      throw ResponseDecodingError(fieldErrors: errors, path: errors.first?.path ?? [])
    }
  }
}

extension FieldResult: Equatable where Value: Equatable {}
extension FieldResult: Hashable where Value: Hashable {}
