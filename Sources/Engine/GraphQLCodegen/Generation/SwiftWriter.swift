/// Builds Swift source text line by line with two-space indentation, so generated code is
/// already formatted the way `swift format` leaves it.
struct SwiftWriter {
  private(set) var text = ""
  private var depth = 0

  /// Appends one line at the current indentation (an empty line stays empty).
  mutating func line(_ content: String = "") {
    if content.isEmpty {
      text += "\n"
    } else {
      text += String(repeating: "  ", count: depth) + content + "\n"
    }
  }

  /// Appends `header {`, the body one level deeper, then `}`.
  mutating func block(_ header: String, _ body: (inout SwiftWriter) -> Void) {
    line(header + " {")
    depth += 1
    body(&self)
    depth -= 1
    line("}")
  }

  /// Appends `switch subject {`, the cases at the same indentation (as swift-format writes
  /// them), then `}`.
  mutating func switchBlock(_ subject: String, _ body: (inout SwiftWriter) -> Void) {
    line("switch \(subject) {")
    body(&self)
    line("}")
  }

  /// Appends a `///` doc comment, one line per line of `text`, if there is any text.
  mutating func documentation(_ text: String?) {
    guard let text, !text.isEmpty else { return }
    for docLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = docLine.trimmingTrailingSpaces
      line(trimmed.isEmpty ? "///" : "/// " + trimmed)
    }
  }
}

extension Substring {
  fileprivate var trimmingTrailingSpaces: String {
    var result = self
    while result.last == " " || result.last == "\t" { result = result.dropLast() }
    return String(result)
  }
}
