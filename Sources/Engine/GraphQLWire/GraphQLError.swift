/// An error in the shape of the GraphQL response format's `errors` entries: a message, where in
/// the document it applies, where in the response it applies, and free-form extensions (such as
/// Apollo Server's `extensions.code`).
///
/// Parse, validation and execution errors all use this one type, as graphql-js does.
public struct GraphQLError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The human-readable message, written as graphql-js writes it.
  public var message: String
  /// The places in the document the error is about (1-based line and column).
  public var locations: [SourceLocation]
  /// The response path of the field that failed, for execution errors.
  public var path: [PathComponent]?
  /// Extra data, such as `["code": "BAD_USER_INPUT"]`.
  public var extensions: JSONObject?

  /// An error with `message`, and where it happened if known (default nowhere), and `extensions`.
  public init(
    _ message: String, locations: [SourceLocation] = [], path: [PathComponent]? = nil,
    extensions: JSONObject? = nil
  ) {
    self.message = message
    self.locations = locations
    self.path = path
    self.extensions = extensions
  }

  /// `extensions.code`, if it is a string.
  public var code: String? {
    if case .string(let code)? = extensions?["code"] { return code }
    return nil
  }

  /// A copy with `extensions.code` set to `code`.
  public func withCode(_ code: String) -> GraphQLError {
    var copy = self
    var extensions = copy.extensions ?? JSONObject()
    extensions["code"] = .string(code)
    copy.extensions = extensions
    return copy
  }

  /// The message followed by its first location, as in `Syntax Error: ... (1:5)`.
  public var description: String {
    guard let first = locations.first else { return message }
    return "\(message) (\(first))"
  }

  /// The error as a response `errors` entry: `message`, then `locations`, `path` and
  /// `extensions` when present, in that order.
  public var json: JSON {
    var object = JSONObject()
    object["message"] = .string(message)
    if !locations.isEmpty {
      object["locations"] = .array(
        locations.map { .object(["line": .int($0.line), "column": .int($0.column)]) })
    }
    if let path {
      object["path"] = .array(path.map(\.json))
    }
    if let extensions, !extensions.isEmpty {
      object["extensions"] = .object(extensions)
    }
    return .object(object)
  }
}

/// One step of a response path: a field's response key or a list index.
public enum PathComponent: Hashable, Sendable, CustomStringConvertible {
  /// A field's response key.
  case key(String)
  /// An index in a list.
  case index(Int)

  /// The step as a response's `path` writes it: a string or an integer.
  public var json: JSON {
    switch self {
    case .key(let key): .string(key)
    case .index(let index): .int(index)
    }
  }

  /// The key, or the index in decimal (`launches.3.site` when joined with dots).
  public var description: String {
    switch self {
    case .key(let key): key
    case .index(let index): String(index)
    }
  }
}
