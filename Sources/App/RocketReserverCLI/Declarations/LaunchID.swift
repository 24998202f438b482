import CommandLineKit

/// Launch ids as users type them: flight numbers.
enum LaunchID {
  /// `word` as a launch id in canonical form (`042` is `42`), or nil when it is not a number.
  static func parse(_ word: String) -> String? {
    guard !word.isEmpty, word.count <= 9, word.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(word)
    else { return nil }
    return String(number)
  }

  /// The error for a word of digits too long to be a launch id; nil for other words.
  static func problem(_ word: String) -> String? {
    guard word.count > 9, word.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
    return "\(TerminalText.quoted(word)) is out of range: launch ids have at most 9 digits"
  }
}
