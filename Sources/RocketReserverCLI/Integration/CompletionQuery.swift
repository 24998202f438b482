/// Answers `rocket-reserver __complete WORD... CURRENT` for the shell completion scripts: the
/// candidates for CURRENT after the words before it, one per line, from the same declarations
/// the interactive shell's Tab uses. Never touches the network or creates a file.
enum CompletionQuery {
  /// The internal command word the scripts call.
  static let word = "__complete"

  /// The candidates for the last of `words` (the word being completed, possibly empty).
  static func candidates(_ words: [String], environment: [String: String]) -> [String] {
    guard let current = words.last else { return [] }
    let before = Array(words.dropLast())
    // Program options come first; what follows them is the command and its words.
    let options = (try? GlobalOptions.parse(before)) ?? GlobalOptions()
    let registry = CommandCatalog.registry
    let commandWords = options.command
    if commandWords.isEmpty {
      if current.hasPrefix("-") {
        let names = GlobalOptions.declarations.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        return names.filter { $0.hasPrefix(current) }.sorted()
      }
      if let previous = before.last,
        let option = GlobalOptions.declarations.first(where: { $0.name == previous }),
        let type = option.value
      {
        let context = CommandContext(registry: registry)
        return type.candidates([], context).filter { $0.hasPrefix(current) }
      }
      return registry.completionWords.filter { $0.hasPrefix(current) }
    }
    let session = try? RocketReserverMain.makeSession(options: options, environment: environment)
    defer { session?.close() }
    let context = CommandContext(registry: registry, session: session)
    let line = (commandWords + [current]).map(shellWord).joined(separator: " ")
    return registry.completions(line: line, cursor: line.unicodeScalars.count, context: context)
  }

  /// `word` as the line splitter reads it back as one word (quoted when it holds blanks).
  private static func shellWord(_ word: String) -> String {
    guard word.contains(where: { $0 == " " || $0 == "\t" || $0 == "'" || $0 == "\"" || $0 == "\\" }) else {
      return word
    }
    return "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
