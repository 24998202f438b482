/// Splits a command line into words, shell style.
///
/// Blanks separate words; `'single quotes'` keep everything literally; `"double quotes"` keep
/// blanks and understand `\"` and `\\`; a backslash outside quotes keeps the next character;
/// an unquoted `#` at the start of a word begins a comment that runs to the end of the line.
public enum WordSplitter {
  /// Splits `line` into words.
  /// - Throws: `UsageError` for an unterminated quote or a trailing backslash.
  public static func split(_ line: String) throws(UsageError) -> [String] {
    var scanner = try scan(line, separatingCommands: false)
    return scanner.finish()
  }

  /// Splits `line` into commands at each unquoted `;`, and each command into words; empty
  /// commands are left out (`a;; b` is two commands).
  /// - Throws: `UsageError` for an unterminated quote or a trailing backslash.
  public static func splitCommands(_ line: String) throws(UsageError) -> [[String]] {
    var scanner = try scan(line, separatingCommands: true)
    scanner.endCommand()
    return scanner.commands
  }

  private static func scan(_ line: String, separatingCommands: Bool) throws(UsageError) -> Scanner {
    let scanner = Scanner(line, separatingCommands: separatingCommands)
    switch scanner.state {
    case .single: throw UsageError("unterminated ' quote")
    case .double, .doubleEscape: throw UsageError("unterminated \" quote")
    case .escape: throw UsageError("a backslash at the end of the line escapes nothing")
    case .plain: return scanner
    }
  }

  /// `split(_:)` that never fails (an open quote ends with the line), for completion.
  public static func splitLeniently(_ line: String) -> [String] {
    var scanner = Scanner(line, separatingCommands: false)
    return scanner.finish()
  }

  private struct Scanner {
    enum State { case plain, single, double, doubleEscape, escape }
    var state = State.plain
    var words: [String] = []
    var word = ""
    var inWord = false
    var isInComment = false
    /// Whether an unquoted `;` ends a command (`splitCommands`).
    var separatesCommands = false
    var commands: [[String]] = []

    /// `line` scanned up to its end or its comment.
    init(_ line: String, separatingCommands: Bool) {
      separatesCommands = separatingCommands
      for character in line {
        feed(character)
        if isInComment { break }
      }
    }

    mutating func feed(_ character: Character) {
      switch state {
      case .plain:
        switch character {
        case " ", "\t", "\n", "\r":
          endWord()
        case "#" where !inWord:
          isInComment = true
        case ";" where separatesCommands:
          endCommand()
        case "'":
          inWord = true
          state = .single
        case "\"":
          inWord = true
          state = .double
        case "\\":
          inWord = true
          state = .escape
        default:
          inWord = true
          word.append(character)
        }
      case .single:
        if character == "'" { state = .plain } else { word.append(character) }
      case .double:
        switch character {
        case "\"": state = .plain
        case "\\": state = .doubleEscape
        default: word.append(character)
        }
      case .doubleEscape:
        if character != "\"" && character != "\\" { word.append("\\") }
        word.append(character)
        state = .double
      case .escape:
        word.append(character)
        state = .plain
      }
    }

    mutating func endWord() {
      if inWord { words.append(word) }
      word = ""
      inWord = false
    }

    mutating func endCommand() {
      endWord()
      if !words.isEmpty { commands.append(words) }
      words = []
    }

    mutating func finish() -> [String] {
      endWord()
      return words
    }
  }
}
