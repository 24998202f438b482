import CommandLineKit

/// Answers `rocket-reserver __complete WORD... CURRENT` for the shell completion scripts: the
/// candidates for CURRENT after the words before it, one per line, from the same declarations
/// the interactive shell's Tab uses. Never touches the network or creates a file.
enum CompletionQuery {
  /// The internal command word the scripts call.
  static let word = "__complete"

  /// The answer's lines: each candidate, and after a tab its description where it has one
  /// (`42\tStarlink-15`), terminal-safe. For the value of a path option the one line is a marker,
  /// `:files` or `:directories`, on which the scripts use the shell's own file completion.
  static func lines(_ words: [String], environment: [String: String]) -> [String] {
    if let kind = fileSystem(words) { return [":" + kind.rawValue] }
    return described(words, environment: environment).map { candidate, description in
      guard let description, !description.isEmpty else { return candidate }
      return candidate + "\t" + Completion.shortDescription(description)
    }
  }

  /// Which entries of the file system the last of `words` names, when it is a path option's value.
  private static func fileSystem(_ words: [String]) -> FileSystemCompletion? {
    let before = Array(words.dropLast())
    let options = (try? GlobalOptions.parse(before)) ?? GlobalOptions()
    guard let first = options.command.first else {
      return before.last.flatMap(programOption)?.value?.fileSystem
    }
    guard let command = CommandCatalog.registry.command(named: first) else { return nil }
    return DeclaredCompletion.fileSystem(
      for: command.declaration, shared: GlobalOptions.declarations,
      arguments: Array(options.command.dropFirst()))
  }

  private static func programOption(_ word: String) -> OptionDeclaration? {
    GlobalOptions.declarations.first { $0.name == word || $0.short == word }
  }

  /// The candidates for the last of `words`, each with its description or nil.
  private static func described(_ words: [String], environment: [String: String])
    -> [(candidate: String, description: String?)]
  {
    let plain: ([String]) -> [(candidate: String, description: String?)] = { $0.map { ($0, nil) } }
    guard let current = words.last else { return [] }
    let before = Array(words.dropLast())
    // Program options come first; what follows them is the command and its words.
    let options = (try? GlobalOptions.parse(before)) ?? GlobalOptions()
    let registry = CommandCatalog.registry
    let commandWords = options.command
    if commandWords.isEmpty {
      if current.hasPrefix("-") {
        let names = GlobalOptions.declarations.flatMap { [$0.name] + ($0.short.map { [$0] } ?? []) }
        return plain(names.filter { $0.hasPrefix(current) }.sorted())
      }
      // The value of a program option: its own candidates (profile names from the config file),
      // never command names.
      if let previous = before.last, let option = programOption(previous), let type = option.value {
        var context = CommandContext(registry: registry)
        context.current = CurrentSession(
          nil,
          connector: SessionConnector(
            commandLine: options, program: ProgramEnvironment(variables: environment)))
        return plain(type.candidates([], context).filter { $0.hasPrefix(current) })
      }
      return plain(registry.completionWords.filter { $0.hasPrefix(current) })
    }
    let session = try? RocketReserverMain.makeSession(options: options, environment: environment)
    defer { session?.close() }
    let context = CommandContext(registry: registry, session: session)
    let line = (commandWords + [current]).map(shellWord).joined(separator: " ")
    let candidates = registry.completions(line: line, cursor: line.unicodeScalars.count, context: context)
    // The only numbers offered are launch ids: described by their missions' names.
    return candidates.map { ($0, context.shell.missionName(ofLaunch: $0)) }
  }

  /// `word` quoted when it holds blanks or quotes, so the line splitter reads it back as one word.
  private static func shellWord(_ word: String) -> String {
    guard word.contains(where: { $0 == " " || $0 == "\t" || $0 == "'" || $0 == "\"" || $0 == "\\" }) else {
      return word
    }
    return "'" + word.replacing("'", with: "'\\''") + "'"
  }
}
