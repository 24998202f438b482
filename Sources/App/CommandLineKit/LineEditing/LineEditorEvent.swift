/// What one `LineEditor.readLine()` produced.
public enum LineEditorEvent: Equatable, Sendable {
  /// The user pressed Return; the text is without its newline.
  case line(String)
  /// The user pressed Ctrl-C at the prompt; the line was discarded.
  case interrupted
  /// The user pressed Ctrl-D on an empty line (or input ended).
  case endOfFile
}
