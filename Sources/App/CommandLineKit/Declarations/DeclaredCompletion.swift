/// Tab candidates derived from a ``CommandDeclaration``: option names after a dash, an option's
/// values after the option, and the next positional argument's values otherwise.
package enum DeclaredCompletion {
  /// The candidates for `word`, after the command name and `arguments`; `shared` are the options
  /// every command accepts.
  package static func candidates<Context>(
    for declaration: CommandDeclaration<Context>, shared: [OptionDeclaration<Context>], arguments: [String],
    word: String, context: Context
  ) -> [String] {
    let options = declaration.options + shared.filter { $0.scope == .everyCommand }
    if let last = arguments.last, let value = options.named(last)?.value {
      return value.candidates(arguments, context)
    }
    let (indexes, given, optionsEnded) = read(arguments, options: options)
    let positional = indexes.map { arguments[$0] }
    let optionNames = (options.map(\.name) + ["--help"]).filter { !given.contains($0) }
    if !optionsEnded, word.hasPrefix("-") { return optionNames }
    let next = argument(at: positional.count, of: declaration.arguments)
    var candidates = next.map { $0.value.candidates(positional, context) } ?? []
    if word.isEmpty && !optionsEnded && (next == nil || next?.isOptional == true) {
      candidates += optionNames.filter { $0 != "--help" }
    }
    return candidates
  }

  /// Which file system entries the shells offer after a path option (`query --file`), or nil.
  package static func fileSystem<Context>(
    for declaration: CommandDeclaration<Context>, shared: [OptionDeclaration<Context>], arguments: [String]
  ) -> FileSystemCompletion? {
    guard let last = arguments.last else { return nil }
    return (declaration.options + shared.filter { $0.scope == .everyCommand }).named(last)?.value?.fileSystem
  }

  /// The words of the command an argument such as `every`'s COMMAND starts (`every 5 launch`:
  /// `launch`; `every 5`: none), or nil when `arguments` do not reach it.
  package static func nestedCommand<Context>(
    for declaration: CommandDeclaration<Context>, shared: [OptionDeclaration<Context>], arguments: [String]
  ) -> [String]? {
    guard let start = declaration.arguments.firstIndex(where: \.endsOptions) else { return nil }
    let positional = read(
      arguments, options: declaration.options + shared.filter { $0.scope == .everyCommand }
    )
    .positional
    if start < positional.count { return Array(arguments[positional[start]...]) }
    return positional.count == start ? [] : nil
  }

  /// `arguments` as the parser reads them: positional indexes, options given, `--` seen.
  private static func read<Context>(_ arguments: [String], options: [OptionDeclaration<Context>])
    -> (positional: [Int], given: Set<String>, optionsEnded: Bool)
  {
    var positional: [Int] = []
    var given = Set<String>()
    var optionsEnded = false
    var index = 0
    while index < arguments.count {
      let word = arguments[index]
      index += 1
      if !optionsEnded, word == "--" {
        optionsEnded = true
      } else if !optionsEnded, ArgumentParser.looksLikeOption(word), !ArgumentParser.isNegativeNumber(word) {
        let (name, inline) = ArgumentParser.splitOption(word)
        given.insert(name)
        if options.named(name)?.takesValue == true, inline == nil { index += 1 }
      } else {
        positional.append(index - 1)
      }
    }
    return (positional, given, optionsEnded)
  }

  /// The declaration that takes positional word number `position` (0-based), or nil.
  private static func argument<Context>(at position: Int, of arguments: [ArgumentDeclaration<Context>])
    -> ArgumentDeclaration<Context>?
  {
    if position < arguments.count { return arguments[position] }
    if let last = arguments.last, last.repeats { return last }
    return nil
  }
}
