/// ANSI colours for terminal output, or plain text when colours are off.
public struct TextStyle: Equatable, Sendable {
  /// Whether escape sequences are emitted.
  public let isEnabled: Bool

  /// Creates a style that colours when `isEnabled`.
  public init(isEnabled: Bool) { self.isEnabled = isEnabled }

  /// No colours.
  public static let plain = TextStyle(isEnabled: false)

  /// Colours only when output goes to a terminal, `NO_COLOR` is unset or empty (no-color.org),
  /// and `--no-color` was not given.
  /// - Parameters:
  ///   - isTerminal: whether the output stream is a terminal.
  ///   - environment: the process environment.
  ///   - noColorOption: whether `--no-color` was given.
  public static func detect(
    isTerminal: Bool, environment: [String: String], noColorOption: Bool
  ) -> TextStyle {
    let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
    let dumb = environment["TERM"] == "dumb"
    return TextStyle(isEnabled: isTerminal && !noColor && !noColorOption && !dumb)
  }

  /// Bold text, for headings and names.
  public func bold(_ text: String) -> String { wrap(text, "1") }
  /// Dim text, for secondary information.
  public func dim(_ text: String) -> String { wrap(text, "2") }
  /// Red text, for errors.
  public func error(_ text: String) -> String { wrap(text, "31") }
  /// Green text, for success.
  public func success(_ text: String) -> String { wrap(text, "32") }
  /// Yellow text, for warnings.
  public func warning(_ text: String) -> String { wrap(text, "33") }

  private func wrap(_ text: String, _ code: String) -> String {
    isEnabled ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
  }
}
