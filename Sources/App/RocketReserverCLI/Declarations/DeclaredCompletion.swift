/// Tab candidates derived from a ``CommandDeclaration``: option names after a dash, an option's
/// values after the option, and the next positional argument's values otherwise.
enum DeclaredCompletion {
  /// - Parameters:
  ///   - declaration: the command's declaration.
  ///   - shared: the options every command accepts on a shell line.
  ///   - arguments: the complete words between the command name and the word being typed.
  ///   - word: the partial word under the cursor (may be empty).
  ///   - context: the session and registry.
  static func candidates(
    for declaration: CommandDeclaration, shared: [OptionDeclaration], arguments: [String], word: String,
    context: CommandContext
  ) -> [String] {
    let options = declaration.options + shared.filter { $0.scope == .everyCommand }
    func named(_ name: String) -> OptionDeclaration? {
      options.first { $0.name == name || $0.short == name }
    }
    if let last = arguments.last, let option = named(last), let value = option.value {
      return value.candidates(arguments, context)
    }
    var positional: [String] = []
    var index = 0
    var optionsEnded = false
    var given = Set<String>()
    while index < arguments.count {
      let current = arguments[index]
      index += 1
      if !optionsEnded, current == "--" {
        optionsEnded = true
      } else if !optionsEnded, ArgumentParser.looksLikeOption(current) {
        let (name, inline) = ArgumentParser.splitOption(current)
        given.insert(name)
        if let option = named(name), option.takesValue, inline == nil { index += 1 }
      } else {
        positional.append(current)
      }
    }
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
  static func fileSystem(
    for declaration: CommandDeclaration, shared: [OptionDeclaration], arguments: [String]
  ) -> FileSystemCompletion? {
    guard let last = arguments.last else { return nil }
    let options = declaration.options + shared.filter { $0.scope == .everyCommand }
    return options.first { $0.name == last || $0.short == last }?.value?.fileSystem
  }

  /// The words of the command an argument such as `every`'s COMMAND starts (`every 5 launch`
  /// gives `launch`; `every 5` gives none: the word typed is the command's name), or nil when
  /// `arguments` do not reach it or the declaration has none.
  static func nestedCommand(
    for declaration: CommandDeclaration, shared: [OptionDeclaration], arguments: [String]
  ) -> [String]? {
    guard let start = declaration.arguments.firstIndex(where: \.endsOptions) else { return nil }
    let options = declaration.options + shared.filter { $0.scope == .everyCommand }
    var positionals = 0
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let current = arguments[index]
      if !optionsEnded, current == "--" {
        optionsEnded = true
        index += 1
      } else if !optionsEnded, ArgumentParser.looksLikeOption(current),
        !ArgumentParser.isNegativeNumber(current)
      {
        let (name, inline) = ArgumentParser.splitOption(current)
        let option = options.first { $0.name == name || $0.short == name }
        index += option?.takesValue == true && inline == nil ? 2 : 1
      } else if positionals == start {
        return Array(arguments[index...])
      } else {
        positionals += 1
        index += 1
      }
    }
    return positionals == start ? [] : nil
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
