/// Value printing for validation messages and argument comparison, in graphql-js `print` form:
/// `{a: 1, b: [2, 3]}`, strings JSON-escaped, block strings as `"""…"""`.
///
/// Kept here (rather than depending on the language printer) so messages stay self-contained.
enum ValueText {
  static func print(_ value: Value) -> String {
    var out = ""
    write(value, to: &out)
    return out
  }

  static func write(_ value: Value, to out: inout String) {
    switch value {
    case .variable(let variable): out += "$" + variable.name.value
    case .int(let text, _), .float(let text, _): out += text
    case .string(let text, let block, _):
      out += block ? blockString(text) : quoted(text)
    case .boolean(let flag, _): out += flag ? "true" : "false"
    case .null: out += "null"
    case .enumValue(let name, _): out += name
    case .list(let items, _):
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += ", " }
        write(item, to: &out)
      }
      out += "]"
    case .object(let fields, _):
      out += "{"
      for (index, field) in fields.enumerated() {
        if index > 0 { out += ", " }
        out += field.name.value + ": "
        write(field.value, to: &out)
      }
      out += "}"
    }
  }

  /// A value with every input object's fields sorted by name (graphql-js `sortValueNode`), so
  /// that equal arguments written in a different order compare equal.
  static func sorted(_ value: Value) -> Value {
    switch value {
    case .list(let items, let range): .list(items.map(sorted), range: range)
    case .object(let fields, let range):
      .object(
        fields.map { ObjectField(name: $0.name, value: sorted($0.value)) }
          .sorted { Suggestions.naturalOrder($0.name.value, $1.name.value) }, range: range)
    default: value
    }
  }

  /// graphql-js `printString`: JSON-style escapes for quotes, backslashes and control characters.
  private static func quoted(_ text: String) -> String {
    var out = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\u{08}": out += "\\b"
      case "\u{0C}": out += "\\f"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if scalar.value < 0x20 || (scalar.value >= 0x7F && scalar.value <= 0x9F) {
          let hex = String(scalar.value, radix: 16, uppercase: true)
          out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
    return out + "\""
  }

  /// A simplified graphql-js `printBlockString` (single line unless the text has newlines).
  private static func blockString(_ text: String) -> String {
    var escaped = ""
    var quotes = 0
    for character in text {
      if character == "\"" {
        quotes += 1
        if quotes == 3 {
          escaped += "\\\"\"\""
          quotes = 0
        }
      } else {
        escaped += String(repeating: "\"", count: quotes)
        quotes = 0
        escaped.append(character)
      }
    }
    escaped += String(repeating: "\"", count: quotes)
    if escaped.contains("\n") { return "\"\"\"\n" + escaped + "\n\"\"\"" }
    return "\"\"\"" + escaped + "\"\"\""
  }
}
