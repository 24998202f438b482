import GraphQLWire

/// The building blocks generated `SelectionSetData` initializers are made of: each takes the
/// JSON at a response path and either returns the Swift value or throws a
/// `ResponseDecodingError` naming that path.
///
/// For example, a `launches: [Launch]!` field decodes with
/// `try ResponseDecoding.nonNull(json, path) { try ResponseDecoding.list($0, $1) { ... } }`.
public enum ResponseDecoding {
  /// The member `key` of `object`. A missing member is an error unless the field is
  /// conditional (`@skip`/`@include`), in which case it reads as null.
  public static func member(
    _ object: JSONObject, _ key: String, _ path: [PathComponent], conditional: Bool = false
  ) throws -> JSON {
    if let value = object[key] { return value }
    if conditional { return .null }
    throw ResponseDecodingError(path: path, reason: ResponseDecodingError.missingField)
  }

  /// A non-null value: null is an error.
  public static func nonNull<T>(
    _ json: JSON, _ path: [PathComponent], _ inner: (JSON, [PathComponent]) throws -> T
  ) throws -> T {
    if case .null = json {
      throw ResponseDecodingError(path: path, reason: ResponseDecodingError.unexpectedNull)
    }
    return try inner(json, path)
  }

  /// A nullable value: null decodes as nil.
  public static func nullable<T>(
    _ json: JSON, _ path: [PathComponent], _ inner: (JSON, [PathComponent]) throws -> T
  ) throws -> T? {
    if case .null = json { return nil }
    return try inner(json, path)
  }

  /// A list: each element decoded by `element` at its index.
  public static func list<T>(
    _ json: JSON, _ path: [PathComponent], _ element: (JSON, [PathComponent]) throws -> T
  ) throws -> [T] {
    guard case .array(let items) = json else {
      throw ResponseDecodingError(path: path, reason: "expected a list, found \(kind(of: json))")
    }
    var result: [T] = []
    result.reserveCapacity(items.count)
    for (index, item) in items.enumerated() {
      result.append(try element(item, path + [.index(index)]))
    }
    return result
  }

  /// A scalar or enum.
  public static func scalar<T: GraphQLScalarDecodable>(
    _ json: JSON, _ path: [PathComponent], as type: T.Type = T.self
  ) throws -> T {
    guard let value = T(scalarJSON: json) else {
      throw ResponseDecodingError(
        path: path, reason: "expected \(T.graphQLTypeDescription), found \(kind(of: json))")
    }
    return value
  }

  /// A nested selection set.
  public static func object<T: SelectionSetData>(
    _ json: JSON, _ path: [PathComponent], as type: T.Type = T.self
  ) throws -> T {
    guard case .object(let object) = json else {
      throw ResponseDecodingError(path: path, reason: "expected an object, found \(kind(of: json))")
    }
    return try T(object: object, path: path)
  }

  static func kind(of json: JSON) -> String {
    switch json {
    case .null: "null"
    case .bool: "a boolean"
    case .int, .double: "a number"
    case .string: "a string"
    case .array: "a list"
    case .object: "an object"
    }
  }
}
