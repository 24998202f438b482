/// Prose wrapped between words to fit a terminal (help texts): a word longer than the width
/// stays whole on its own line rather than being cut.
package enum TextWrapping {
  /// `text` as lines of at most `width` characters, breaking at blanks.
  package static func lines(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      if current.isEmpty {
        current = String(word)
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = String(word)
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` wrapped at `width`, lines joined by newlines (no final one); as it is without a width.
  package static func wrap(_ text: String, width: Int?) -> String {
    guard let width else { return text }
    return lines(text, width: width).joined(separator: "\n")
  }
}
