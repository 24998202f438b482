extension StringProtocol {
  /// The text without leading and trailing white space (spaces, tabs, line ends): what
  /// Foundation's `trimmingCharacters(in: .whitespacesAndNewlines)` gives, for modules that link
  /// FoundationEssentials only.
  package func trimmingSpaces() -> SubSequence {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    guard let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    return self[first...last]
  }
}
