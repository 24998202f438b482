extension StringProtocol {
  /// The text without leading and trailing white space, for modules without Foundation.
  package func trimmingSpaces() -> SubSequence {
    guard let first = firstIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    guard let last = lastIndex(where: { !$0.isWhitespace }) else { return self[endIndex...] }
    return self[first...last]
  }
}
