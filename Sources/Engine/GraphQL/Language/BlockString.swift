/// The spec's block-string algorithms: reading a value (BlockStringValue()) and writing one back.
enum BlockString {
  /// BlockStringValue(rawValue): removes the common indentation of all lines but the first, then
  /// leading and trailing blank lines, and joins the lines with `\n`
  /// (https://spec.graphql.org/draft/#BlockStringValue()).
  ///
  /// - Parameter lines: the raw lines, already split on line terminators and with `\"""`
  ///   unescaped.
  static func dedentedValue(lines: [[UInt8]]) -> String {
    var commonIndent = Int.max
    var firstNonEmpty: Int?
    var lastNonEmpty = -1
    for (index, line) in lines.enumerated() {
      let indent = leadingWhitespace(line)
      if indent == line.count { continue }
      if firstNonEmpty == nil { firstNonEmpty = index }
      lastNonEmpty = index
      if index != 0 && indent < commonIndent { commonIndent = indent }
    }
    guard let first = firstNonEmpty else { return "" }
    var result: [UInt8] = []
    for index in first...lastNonEmpty {
      if index != first { result.append(0x0A) }
      let line = lines[index]
      if index == 0 {
        result.append(contentsOf: line)
      } else {
        result.append(contentsOf: line.dropFirst(min(commonIndent, line.count)))
      }
    }
    return String(decoding: result, as: UTF8.self)
  }

  /// The number of leading tabs and spaces.
  private static func leadingWhitespace(_ line: [UInt8]) -> Int {
    var count = 0
    while count < line.count && (line[count] == 0x20 || line[count] == 0x09) { count += 1 }
    return count
  }

  /// Writes `value` as a block string the way graphql-js's `printBlockString` does: an indented
  /// multi-line form when it helps readability, with `"""` escaped.
  ///
  /// Works on UTF-8 bytes, since a `"` followed by a combining mark is one `Character` but still
  /// a quote to the lexer.
  ///
  /// - Parameters:
  ///   - minimize: true for the compact form (no added line breaks unless needed).
  static func print(_ value: String, minimize: Bool = false) -> String {
    let raw = Array(value.utf8)
    var escaped: [UInt8] = []
    escaped.reserveCapacity(raw.count + 8)
    var index = 0
    while index < raw.count {
      if raw[index] == 0x22 && index + 2 < raw.count && raw[index + 1] == 0x22 && raw[index + 2] == 0x22 {
        escaped.append(contentsOf: [0x5C, 0x22, 0x22, 0x22])
        index += 3
      } else {
        escaped.append(raw[index])
        index += 1
      }
    }
    let lines = splitLines(escaped)
    let isSingleLine = lines.count == 1
    let forceLeadingNewLine =
      lines.count > 1 && lines.dropFirst().allSatisfy { $0.isEmpty || $0.first == 0x20 || $0.first == 0x09 }
    let hasTrailingTripleQuotes =
      escaped.count >= 4 && escaped.suffix(4).elementsEqual([0x5C, 0x22, 0x22, 0x22])
    let hasTrailingQuote = raw.last == 0x22 && !hasTrailingTripleQuotes
    let hasTrailingSlash = raw.last == 0x5C
    let forceTrailingNewLine = hasTrailingQuote || hasTrailingSlash
    let printAsMultipleLines =
      !minimize
      && (!isSingleLine || value.utf16.count > 70 || forceTrailingNewLine || forceLeadingNewLine
        || hasTrailingTripleQuotes)
    var result: [UInt8] = [0x22, 0x22, 0x22]
    let skipLeadingNewLine = isSingleLine && (raw.first == 0x20 || raw.first == 0x09)
    if (printAsMultipleLines && !skipLeadingNewLine) || forceLeadingNewLine { result.append(0x0A) }
    result.append(contentsOf: escaped)
    if printAsMultipleLines || forceTrailingNewLine { result.append(0x0A) }
    result.append(contentsOf: [0x22, 0x22, 0x22])
    return String(decoding: result, as: UTF8.self)
  }

  /// Splits on `\r\n`, `\n` and `\r`, as JavaScript's `split(/\r\n|[\n\r]/g)`.
  private static func splitLines(_ text: [UInt8]) -> [ArraySlice<UInt8>] {
    var lines: [ArraySlice<UInt8>] = []
    var lineStart = 0
    var index = 0
    while index < text.count {
      let byte = text[index]
      if byte == 0x0A || byte == 0x0D {
        lines.append(text[lineStart..<index])
        index += byte == 0x0D && index + 1 < text.count && text[index + 1] == 0x0A ? 2 : 1
        lineStart = index
      } else {
        index += 1
      }
    }
    lines.append(text[lineStart..<text.count])
    return lines
  }

  /// Whether `printBlockString` would give back exactly `value` when read again: graphql-js's
  /// `isPrintableAsBlockString`, used to choose how to print descriptions.
  static func isPrintable(_ value: String) -> Bool {
    if value.isEmpty { return true }
    var isEmptyLine = true
    var hasIndent = false
    var hasCommonIndent = true
    var seenNonEmptyLine = false
    for scalar in value.unicodeScalars {
      switch scalar.value {
      case 0x00...0x08, 0x0B, 0x0C, 0x0E, 0x0F, 0x0D:
        return false
      case 0x0A:
        if isEmptyLine && !seenNonEmptyLine { return false }
        seenNonEmptyLine = true
        isEmptyLine = true
        hasIndent = false
      case 0x09, 0x20:
        hasIndent = hasIndent || isEmptyLine
      default:
        hasCommonIndent = hasCommonIndent && hasIndent
        isEmptyLine = false
      }
    }
    if isEmptyLine { return false }
    if hasCommonIndent && seenNonEmptyLine { return false }
    return true
  }
}
