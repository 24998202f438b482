import GraphQLWire

/// How generated code reads a field under `@catch` and `onError`: a null where the generated type
/// has none is a ``ResponseDecodingError`` carrying the field's errors, which travels up to the
/// nearest field that catches it (`@catch(to: NULL)` or `RESULT`), or out of the response's
/// decoding (`THROW`).
extension ResponseDecoding {
  /// A value the generated type does not let be null: null throws, naming the field's errors
  /// when the response has some for `path`.
  public static func nonNull<T>(
    _ json: JSON, _ path: [PathComponent], _ errors: ResponseErrors,
    _ inner: (JSON, [PathComponent]) throws -> T
  ) throws -> T {
    if case .null = json { throw nullError(path, errors) }
    return try inner(json, path)
  }

  /// A nullable value under `@catch(to: THROW)` (or `RESULT`): null with an error at `path`
  /// throws; null without one decodes as nil.
  public static func nullableThrowing<T>(
    _ json: JSON, _ path: [PathComponent], _ errors: ResponseErrors,
    _ inner: (JSON, [PathComponent]) throws -> T
  ) throws -> T? {
    if case .null = json {
      let found = errors.at(path)
      if found.isEmpty { return nil }
      throw ResponseDecodingError(fieldErrors: found, path: path)
    }
    return try inner(json, path)
  }

  /// A nested selection set, whose fields can look up the response's errors.
  public static func object<T: SelectionSetData>(
    _ json: JSON, _ path: [PathComponent], _ errors: ResponseErrors, as type: T.Type = T.self
  ) throws -> T {
    guard case .object(let object) = json else {
      throw ResponseDecodingError(path: path, reason: "expected an object, found \(kind(of: json))")
    }
    return try T(object: object, path: path, errors: errors)
  }

  /// `@catch(to: THROW)`: the field's failure (or that of a field inside it) is thrown, marked as
  /// asked for, so that a reader never moves it to a parent as `PROPAGATE` would.
  public static func catchingToThrow<T>(_ decode: () throws -> T) throws -> T {
    do {
      return try decode()
    } catch var error as ResponseDecodingError where error.isFieldFailure {
      error.isCaughtToThrow = true
      throw error
    }
  }

  /// `@catch(to: NULL)`: the field's failure (or that of a field inside it) reads as nil. A
  /// response of the wrong shape still throws.
  public static func catchingToNull<T>(_ decode: () throws -> T?) throws -> T? {
    do {
      return try decode()
    } catch let error as ResponseDecodingError where error.isFieldFailure {
      return nil
    }
  }

  /// `@catch(to: RESULT)`: the field's value, or its failure (or that of a field inside it) as
  /// the errors that caused it. A response of the wrong shape still throws.
  public static func catchingToResult<T>(_ decode: () throws -> T) throws -> FieldResult<T> {
    do {
      return .success(try decode())
    } catch let error as ResponseDecodingError where error.isFieldFailure {
      let errors =
        error.fieldErrors.isEmpty ? [GraphQLError(error.reason, path: error.path)] : error.fieldErrors
      return .failure(errors)
    }
  }

  private static func nullError(_ path: [PathComponent], _ errors: ResponseErrors) -> ResponseDecodingError {
    let found = errors.at(path)
    if found.isEmpty {
      return ResponseDecodingError(path: path, reason: ResponseDecodingError.unexpectedNull)
    }
    return ResponseDecodingError(fieldErrors: found, path: path)
  }
}
