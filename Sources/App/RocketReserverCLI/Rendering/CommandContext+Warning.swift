extension CommandContext {
  /// `text` as a warning line on standard error, after the program's prefix.
  func warn(_ text: String) {
    output.writeError(errorPrefix + errorStyle.warning(text) + "\n")
  }
}
