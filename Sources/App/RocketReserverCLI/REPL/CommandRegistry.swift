import CommandLineKit

/// The commands the shell knows, looked up by name or alias.
public struct CommandRegistry: Sendable {
  /// The commands, sorted by name.
  public let commands: [any Command]
  private let byWord: [String: Int]

  /// Creates a registry; a later command with an already used name or alias does not replace
  /// the earlier one.
  public init(_ commands: [any Command]) {
    let sorted = commands.sorted { $0.name < $1.name }
    var byWord: [String: Int] = [:]
    for (index, command) in sorted.enumerated() {
      for word in [command.name] + command.aliases where byWord[word] == nil {
        byWord[word] = index
      }
    }
    self.commands = sorted
    self.byWord = byWord
  }

  /// The command called `word` (a name or an alias), or nil.
  public func command(named word: String) -> (any Command)? {
    byWord[word].map { commands[$0] }
  }

  /// Every name and alias, sorted.
  public var words: [String] { byWord.keys.sorted() }

  /// The words Tab offers for a command: names, and aliases that are words (`exit`, not `\q`).
  var completionWords: [String] { words.filter { $0.count > 1 && $0.allSatisfy(\.isLetter) } }

  /// The command name the user probably meant by `word`: the only name it starts (2 characters
  /// or more), else one within an edit distance of a third of its length (1 to 3); or nil.
  public func suggestion(for word: String) -> String? {
    let lowered = word.lowercased()
    if command(named: lowered) != nil { return command(named: lowered)?.name }
    if lowered.count >= 2 {
      let prefixed = commands.filter { $0.name.hasPrefix(lowered) }
      if prefixed.count == 1 { return prefixed[0].name }
    }
    let limit = min(3, max(1, lowered.count / 3))
    var best: (name: String, distance: Int)?
    for candidate in completionWords {
      let distance = editDistance(lowered, candidate)
      if distance <= limit && distance < (best?.distance ?? Int.max) {
        best = (command(named: candidate)?.name ?? candidate, distance)
      }
    }
    return best?.name
  }

  /// The error line for an unknown command word, with a suggestion when there is one.
  public func unknownCommandMessage(_ word: String) -> String {
    if let suggestion = suggestion(for: word) {
      return "unknown command \(TerminalText.quoted(word)) (did you mean '\(suggestion)'?)"
    }
    return "unknown command \(TerminalText.quoted(word)) (type 'help' for the list)"
  }

  /// Tab candidates for `line` with the cursor at `cursor` (Unicode scalars): command words for
  /// the first word, else whatever the command proposes.
  public func completions(line: String, cursor: Int, context: CommandContext) -> [String] {
    var view = String.UnicodeScalarView()
    view.append(contentsOf: line.unicodeScalars.prefix(cursor))
    let head = String(view)
    var words = WordSplitter.splitLeniently(head)
    let endsWithBlank = head.last.map { $0 == " " || $0 == "\t" } ?? true
    let word = endsWithBlank ? "" : (words.popLast() ?? "")
    guard let first = words.first else {
      return completionWords.filter { $0.hasPrefix(word) }
    }
    guard let command = command(named: first) else { return [] }
    if let nested = DeclaredCompletion.nestedCommand(
      for: command.declaration, shared: GlobalOptions.declarations, arguments: Array(words.dropFirst()))
    {
      // `every 5 launch 1<Tab>`: what `launch 1<Tab>` offers.
      let line = (nested + [word]).joined(separator: " ")
      return completions(line: line, cursor: line.unicodeScalars.count, context: context)
    }
    return DeclaredCompletion.candidates(
      for: command.declaration, shared: GlobalOptions.declarations, arguments: Array(words.dropFirst()),
      word: word, context: context
    ).filter { $0.hasPrefix(word) }
  }
}
