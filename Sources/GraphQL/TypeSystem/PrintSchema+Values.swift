/// The pieces of the GraphQL printer that schema printing and coercion messages need: values,
/// quoted strings and block strings, printed exactly as graphql-js prints them.
enum SchemaValuePrinter {
  /// A value literal as GraphQL writes it (`[1, 2]`, `{a: "x"}`, `$var`).
  static func print(_ value: Value) -> String {
    switch value {
    case .variable(let variable): return "$" + variable.name.value
    case .int(let text, _), .float(let text, _): return text
    case .string(let text, let block, _): return block ? printBlockString(text) : printString(text)
    case .boolean(let flag, _): return flag ? "true" : "false"
    case .null: return "null"
    case .enumValue(let name, _): return name
    case .list(let items, _): return "[" + items.map(print).joined(separator: ", ") + "]"
    case .object(let fields, _):
      return "{" + fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + "}"
    }
  }

  /// A string in double quotes, escaping quotes, backslashes and control characters.
  static func printString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar.value {
      case 0x22: result += "\\\""
      case 0x5C: result += "\\\\"
      case 0x08: result += "\\b"
      case 0x09: result += "\\t"
      case 0x0A: result += "\\n"
      case 0x0C: result += "\\f"
      case 0x0D: result += "\\r"
      case 0x00...0x1F, 0x7F...0x9F:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }

  /// Whether `text` survives a round trip through a block string (graphql-js
  /// `isPrintableAsBlockString`).
  static func isPrintableAsBlockString(_ text: String) -> Bool {
    if text.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for unit in text.utf16 {
      switch unit {
      case 0x00...0x08, 0x0B, 0x0C, 0x0E, 0x0F, 0x0D: return false
      case 0x0A:
        if isEmptyLine && !seenNonEmptyLine { return false }
        seenNonEmptyLine = true
        isEmptyLine = true
        hasIndent = false
      case 0x09, 0x20:
        if !hasIndent { hasIndent = isEmptyLine }
      default:
        if hasCommonIndent { hasCommonIndent = hasIndent }
        isEmptyLine = false
      }
    }
    if isEmptyLine { return false }
    if hasCommonIndent && seenNonEmptyLine { return false }
    return true
  }

  /// A block string (`"""..."""`), on its own lines when that reads better.
  static func printBlockString(_ text: String) -> String {
    let escaped = text.replacing("\"\"\"", with: "\\\"\"\"")
    let lines = escaped.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r" || $0 == "\r\n" }
    let isSingleLine = lines.count == 1
    let isWhiteSpace: (Character?) -> Bool = { $0 == " " || $0 == "\t" }
    let forceLeadingNewLine =
      lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || isWhiteSpace($0.first) }
    let hasTrailingTripleQuotes = escaped.hasSuffix("\\\"\"\"")
    let hasTrailingQuote = text.hasSuffix("\"") && !hasTrailingTripleQuotes
    let hasTrailingSlash = text.hasSuffix("\\")
    let forceTrailingNewline = hasTrailingQuote || hasTrailingSlash
    let printAsMultipleLines =
      !isSingleLine || text.utf16.count > 70 || forceTrailingNewline || forceLeadingNewLine
      || hasTrailingTripleQuotes
    var result = ""
    let skipLeadingNewLine = isSingleLine && isWhiteSpace(text.first)
    if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result += "\n" }
    result += escaped
    if printAsMultipleLines || forceTrailingNewline { result += "\n" }
    return "\"\"\"" + result + "\"\"\""
  }

  /// A description as graphql-js's printer writes it: a block string when that is lossless,
  /// else a quoted string.
  static func printDescription(_ text: String) -> String {
    isPrintableAsBlockString(text) ? printBlockString(text) : printString(text)
  }
}
