import GraphQLWire

/// graphql-js's `inspect()` rendering of values inside messages, such as `"abc"`, `[1, 2]` or
/// `{ a: true }`, so our coercion messages read exactly like theirs.
enum ValueInspector {
  private static let maxArrayLength = 10
  /// Arrays and objects this deep (the top is 0) are shown as `[Array]` and `[Object]`, as
  /// graphql-js's `MAX_RECURSIVE_DEPTH` of 2 counts the value being shown among those seen.
  private static let maxDepth = 2

  static func inspect(_ value: JSON) -> String { inspect(value, depth: 0) }

  /// A Swift value as graphql-js would show the equivalent JavaScript value.
  static func inspect(any value: (any Sendable)?) -> String {
    switch value {
    case nil: return "null"
    case let json as JSON: return inspect(json)
    case let string as String: return JSON.string(string).encodedString
    case let bool as Bool: return bool ? "true" : "false"
    case let int as Int: return String(int)
    case let double as Double: return JSON.double(double).encodedString
    case let some?: return String(describing: some)
    }
  }

  private static func inspect(_ value: JSON, depth: Int) -> String {
    switch value {
    case .null, .bool, .int, .double, .string: return value.encodedString
    case .array(let elements):
      if elements.isEmpty { return "[]" }
      if depth >= maxDepth { return "[Array]" }
      var parts = elements.prefix(maxArrayLength).map { inspect($0, depth: depth + 1) }
      let remaining = elements.count - maxArrayLength
      if remaining == 1 {
        parts.append("... 1 more item")
      } else if remaining > 1 {
        parts.append("... \(remaining) more items")
      }
      return "[" + parts.joined(separator: ", ") + "]"
    case .object(let object):
      if object.isEmpty { return "{}" }
      if depth >= maxDepth { return "[Object]" }
      let parts = object.map { key, value in "\(key): \(inspect(value, depth: depth + 1))" }
      return "{ " + parts.joined(separator: ", ") + " }"
    }
  }
}
