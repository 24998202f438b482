/// Tab candidates derived from a ``CommandDeclaration``: option names after a dash, an option's
/// values after the option, and the next positional argument's values otherwise.
package enum DeclaredCompletion {
  /// - Parameters:
  ///   - declaration: the command's declaration.
  ///   - shared: the options every command accepts on a shell line.
  ///   - arguments: the complete words between the command name and the word being typed.
  ///   - word: the partial word under the cursor (may be empty).
  ///   - context: the session and registry.
  package static func candidates(
    for declaration: CommandDeclaration, shared: [OptionDeclaration], arguments: [String], word: String,
    context: any CompletionContext
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

  /// Which entries of the file system the shells offer for the word after `arguments`: those
  /// of the path option that ends them (`query --file`), or nil.
  package static func fileSystem(
    for declaration: CommandDeclaration, shared: [OptionDeclaration], arguments: [String]
  ) -> FileSystemCompletion? {
    guard let last = arguments.last else { return nil }
    return (declaration.options + shared.filter { $0.scope == .everyCommand }).named(last)?.value?.fileSystem
  }

  /// The words of the command an argument such as `every`'s COMMAND starts (`every 5 launch`
  /// gives `launch`; `every 5` gives none: the word typed is the command's name), or nil when
  /// `arguments` do not reach it or the declaration has none.
  package static func nestedCommand(
    for declaration: CommandDeclaration, shared: [OptionDeclaration], arguments: [String]
  ) -> [String]? {
    guard let start = declaration.arguments.firstIndex(where: \.endsOptions) else { return nil }
    let positional = read(
      arguments, options: declaration.options + shared.filter { $0.scope == .everyCommand }
    )
    .positional
    if start < positional.count { return Array(arguments[positional[start]...]) }
    return positional.count == start ? [] : nil
  }

  /// `arguments` read as the parser reads them: the indexes of the positional words, the
  /// options given, and whether `--` ended the options.
  private static func read(_ arguments: [String], options: [OptionDeclaration])
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
  private static func argument(at position: Int, of arguments: [ArgumentDeclaration])
    -> ArgumentDeclaration?
  {
    if position < arguments.count { return arguments[position] }
    if let last = arguments.last, last.repeats { return last }
    return nil
  }
}
