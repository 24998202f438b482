/// Makes text from the server (names, messages, errors) safe to show on a terminal:
/// control characters, escape sequences and direction overrides are shown escaped, so a
/// server cannot move the cursor, retitle the window or hide text by sending them.
package enum TerminalText {
  /// `text` with every C0 and C1 control character, DEL and bidirectional control shown as a
  /// visible escape (`\x1b`, `\u{202e}`); a newline and a tab are escaped too, since a table
  /// cell or an error line must stay one line.
  package static func safe(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      guard isUnsafe(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar {
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      default:
        let hex = String(scalar.value, radix: 16)
        result += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
      }
    }
    return result
  }

  /// `text` with each line made `safe`, the line breaks kept (a schema, a help text).
  package static func safeLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { safe(String($0)) }.joined(
      separator: "\n")
  }

  /// `text` as an error line quotes it: escaped, and cut to its first 40 characters when longer
  /// than 60 (`aaaa… (306 characters)`), so a pasted paragraph does not fill the screen.
  package static func shown(_ text: String) -> String {
    let safe = safe(text)
    guard safe.count > 60 else { return safe }
    return "\(safe.prefix(40))… (\(text.count) characters)"
  }

  /// `text` quoted for an error line: `'word'`, or `'aaaa…' (306 characters)` when long.
  package static func quoted(_ text: String) -> String {
    let safe = safe(text)
    guard safe.count > 60 else { return "'\(safe)'" }
    return "'\(safe.prefix(40))…' (\(text.count) characters)"
  }

  /// Whether `scalar` could change what the terminal shows rather than be shown.
  package static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // The line and paragraph separators.
    case 0x2028, 0x2029: true
    // Format characters: zero-width spaces and joiners, bidirectional marks, embeddings,
    // overrides and isolates, soft hyphens.
    default: scalar.properties.generalCategory == .format
    }
  }
}
