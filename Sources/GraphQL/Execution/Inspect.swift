/// graphql-js's `inspect()` rendering of values inside messages, such as `"abc"`, `[1, 2]` or
/// `{ a: true }`, so our coercion messages read exactly like theirs.
enum ValueInspector {
  private static let maxArrayLength = 10
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
      if depth > maxDepth { return "[Array]" }
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
      if depth > maxDepth { return "[Object]" }
      let parts = object.map { key, value in "\(key): \(inspect(value, depth: depth + 1))" }
      return "{ " + parts.joined(separator: ", ") + " }"
    }
  }
}

/// graphql-js's "Did you mean" hints: the closest names by lexical distance.
enum Suggestions {
  /// ` Did you mean "a", "b", or "c"?` (with `subMessage`: ` Did you mean the enum value "a"?`),
  /// or "" when nothing is close.
  static func didYouMean(_ input: String, among options: [String], subMessage: String? = nil) -> String {
    let quoted = list(input, options).prefix(5).map { "\"\($0)\"" }
    let lead = " Did you mean " + (subMessage.map { $0 + " " } ?? "")
    switch quoted.count {
    case 0: return ""
    case 1: return lead + "\(quoted[0])?"
    case 2: return lead + "\(quoted[0]) or \(quoted[1])?"
    default: return lead + "\(quoted.dropLast().joined(separator: ", ")), or \(quoted[quoted.count - 1])?"
    }
  }

  /// Options within graphql-js's distance threshold, nearest first, then alphabetically.
  static func list(_ input: String, _ options: [String]) -> [String] {
    let threshold = Int(Double(input.count) * 0.4) + 1
    let lowered = Array(input.lowercased().unicodeScalars)
    var found: [(String, Int)] = []
    for option in options {
      let distance: Int
      let optionLowered = Array(option.lowercased().unicodeScalars)
      if lowered == optionLowered {
        distance = 1
      } else {
        distance = damerauLevenshtein(lowered, optionLowered)
      }
      if distance <= threshold { found.append((option, distance)) }
    }
    found.sort { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0.lowercased() < $1.0.lowercased() }
    return found.map(\.0)
  }

  private static func damerauLevenshtein(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var rows = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { rows[i][0] = i }
    for j in 0...b.count { rows[0][j] = j }
    for i in 1...a.count {
      for j in 1...b.count {
        let cost = a[i - 1] == b[j - 1] ? 0 : 1
        var best = min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost)
        if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
          best = min(best, rows[i - 2][j - 2] + 1)
        }
        rows[i][j] = best
      }
    }
    return rows[a.count][b.count]
  }
}

/// A compact GraphQL rendering of a value literal for messages (`Argument "x" has invalid value
/// {a: 1}.`), as graphql-js's `print` writes values.
enum LiteralPrinter {
  static func print(_ value: Value) -> String {
    switch value {
    case .variable(let variable): return "$" + variable.name.value
    case .int(let text, _), .float(let text, _), .enumValue(let text, _): return text
    case .string(let text, _, _): return JSON.string(text).encodedString
    case .boolean(let bool, _): return bool ? "true" : "false"
    case .null: return "null"
    case .list(let values, _): return "[" + values.map(print).joined(separator: ", ") + "]"
    case .object(let fields, _):
      return "{" + fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
    }
  }
}
