import GraphQLWire

/// Renders values the way graphql-js's `inspect` does, so coercion messages read the same
/// (`"abc"` quoted, `1.5`, `[1, 2]`, `{ a: 1 }`).
enum ScalarInspect {
  /// A JSON value as graphql-js's `inspect` prints it.
  static func inspect(_ value: JSON) -> String { inspect(value, depth: 0) }

  private static func inspect(_ value: JSON, depth: Int) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return numberText(number)
    case .string(let text): return quoted(text)
    case .array(let items):
      if items.isEmpty { return "[]" }
      if depth >= 2 { return "[Array]" }
      var parts = items.prefix(10).map { inspect($0, depth: depth + 1) }
      if items.count > 10 {
        let more = items.count - 10
        parts.append(more == 1 ? "... 1 more item" : "... \(more) more items")
      }
      return "[" + parts.joined(separator: ", ") + "]"
    case .object(let object):
      if object.isEmpty { return "{}" }
      if depth >= 2 { return "[Object]" }
      let parts = object.map { "\($0.0): \(inspect($0.1, depth: depth + 1))" }
      return "{ " + parts.joined(separator: ", ") + " }"
    }
  }

  /// A number as JavaScript's `String(number)` writes it: integral values without `.0`.
  static func numberText(_ number: Double) -> String {
    if number.isNaN { return "NaN" }
    if number.isInfinite { return number < 0 ? "-Infinity" : "Infinity" }
    if number == number.rounded(), abs(number) < 1e21 {
      if abs(number) < 9.007_199_254_740_992e15, let integer = Int(exactly: number) {
        return String(integer)
      }
      return integerText(number)
    }
    var text = String(number)
    if text.hasSuffix(".0") { text.removeLast(2) }
    // Swift writes `1e-07`; JavaScript writes `1e-7`.
    return text.replacing("e-0", with: "e-").replacing("e+0", with: "e+")
  }

  /// Large integral doubles (2^53 ..< 1e21) written in full, as JavaScript does.
  private static func integerText(_ number: Double) -> String {
    let text = String(number)  // such as 1.2345e+20 or 9.2e+18
    guard let exponentMark = text.firstIndex(of: "e"),
      let exponent = Int(text[text.index(after: exponentMark)...].filter { $0 != "+" })
    else { return text.hasSuffix(".0") ? String(text.dropLast(2)) : text }
    var mantissa = String(text[..<exponentMark])
    let negative = mantissa.hasPrefix("-")
    if negative { mantissa.removeFirst() }
    let parts = mantissa.split(separator: ".", omittingEmptySubsequences: false)
    let whole = String(parts[0])
    let fraction = parts.count > 1 ? String(parts[1]) : ""
    let digits = whole + fraction
    let zeros = max(0, exponent + whole.count - digits.count)
    return (negative ? "-" : "") + digits + String(repeating: "0", count: zeros)
  }

  /// A string as `JSON.stringify` writes it (the same escapes as the JSON encoder's).
  static func quoted(_ text: String) -> String { JSON.string(text).encodedString }
}
