/// Parses a command's words against its ``CommandDeclaration``, in the manner of
/// swift-argument-parser: options anywhere (`--name value` or `--name=value`), `--` ending
/// them, positional arguments in declaration order, `-h`/`--help` asking for the command's help.
package enum ArgumentParser {
  /// What the words asked for.
  package enum Result: Sendable {
    /// Run the command with these arguments.
    case run(ParsedArguments)
    /// Show the command's help (`COMMAND --help`).
    case help
  }

  /// A bad word, in one line for the user (the caller adds the command name).
  package struct Failure: Error, Equatable {
    package let message: String
    /// Whether the usage line helps after this message (not after a value of the wrong type).
    package let showsUsage: Bool

    package init(message: String, showsUsage: Bool) {
      self.message = message
      self.showsUsage = showsUsage
    }
  }

  /// The shared options a word may name where it is parsed.
  package struct Shared<Context>: Sendable {
    /// The options accepted with every command, and the session's.
    package let options: [OptionDeclaration<Context>]
    /// Whether session options (`--endpoint`) are accepted: on the command line, not a shell line.
    package let allowsSession: Bool

    package init(options: [OptionDeclaration<Context>], allowsSession: Bool) {
      self.options = options
      self.allowsSession = allowsSession
    }
  }

  /// Parses `words` (after the command name) for `declaration`. The first failure or `--help`
  /// decides the result, but the shared options (`--json`) are still collected from every word,
  /// so the failure or help is shown in the format the line asked for.
  package static func parse<Context>(
    _ words: [String], for declaration: CommandDeclaration<Context>, shared: Shared<Context>
  ) -> (result: Swift.Result<Result, Failure>, sharedOptions: ParsedOptions) {
    var parsed = ParsedArguments()
    var positional: [String] = []
    var stop: Swift.Result<Result, Failure>?
    var index = words.startIndex
    var optionsEnded = false
    // From this positional on, the words are another command's (`every 5 launches --all`).
    let nestedStart = declaration.arguments.firstIndex { $0.endsOptions }
    // The first stop decides; the words after it are read for shared options only.
    func stopping(_ result: Swift.Result<Result, Failure>) { if stop == nil { stop = result } }
    while index < words.endIndex {
      let word = words[index]
      index += 1
      // `-1` is a (wrong) value, such as a launch id, not an option: no option is named so.
      if optionsEnded || !looksLikeOption(word) || isNegativeNumber(word) {
        positional.append(word)
        if let nestedStart, positional.count > nestedStart { optionsEnded = true }
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      if word == "-h" || word == "--help" {
        stopping(.success(.help))
        continue
      }
      let (name, inline) = splitOption(word)
      let option: OptionDeclaration<Context>
      let isShared: Bool
      do throws(Failure) {
        (option, isShared) = try lookUp(name, declaration: declaration, shared: shared)
      } catch {
        stopping(.failure(error))
        // A known option refused here still takes its value word.
        if (declaration.options + shared.options).named(name)?.takesValue == true && inline == nil {
          index += 1
        }
        continue
      }
      var given: String?
      if let type = option.value {
        guard let text = inline ?? (index < words.endIndex ? words[index] : nil) else {
          stopping(
            .failure(Failure(message: "\(option.name) needs a value (\(type.description))", showsUsage: true))
          )
          break
        }
        if inline == nil { index += 1 }
        guard type.accepts(text) else {
          let message =
            type.problem(text) ?? "\(option.name) takes \(type.description), not \(TerminalText.quoted(text))"
          stopping(.failure(Failure(message: message, showsUsage: false)))
          continue
        }
        given = text
      } else {
        guard inline == nil else {
          stopping(.failure(Failure(message: "\(option.name) takes no value", showsUsage: true)))
          continue
        }
      }
      if isShared {
        parsed.sharedOptions.append(given, for: option.name)
      } else if stop == nil {
        parsed.options.append(given, for: option.name)
      }
    }
    if let stop { return (stop, parsed.sharedOptions) }
    do throws(Failure) {
      try assign(positional, to: declaration.arguments, into: &parsed)
    } catch {
      return (.failure(error), parsed.sharedOptions)
    }
    return (.success(.run(parsed)), parsed.sharedOptions)
  }

  /// Whether `word` is meant as an option: it starts with a dash and is not just `-`.
  package static func looksLikeOption(_ word: String) -> Bool { word.hasPrefix("-") && word != "-" }

  /// Whether `word` is a dash and digits (`-1`): a negative number.
  package static func isNegativeNumber(_ word: String) -> Bool {
    word.count > 1 && word.hasPrefix("-") && word.utf8.dropFirst().allSatisfy { (0x30...0x39).contains($0) }
  }

  /// `--name=value` as (`--name`, `value`); any other word as (word, nil).
  package static func splitOption(_ word: String) -> (String, String?) {
    guard word.hasPrefix("--"), let equals = word.firstIndex(of: "=") else { return (word, nil) }
    return (String(word[..<equals]), String(word[word.index(after: equals)...]))
  }

  /// The declaration `name` means (long or short form), and whether it is a shared one.
  private static func lookUp<Context>(
    _ name: String, declaration: CommandDeclaration<Context>, shared: Shared<Context>
  ) throws(Failure) -> (OptionDeclaration<Context>, Bool) {
    if let own = declaration.options.named(name) { return (own, false) }
    if let common = shared.options.named(name) {
      if common.scope == .session && !shared.allowsSession {
        let what = common.name == "--timeout" ? "applies to" : "chooses the server for"
        throw Failure(
          message: "\(common.name) \(what) a whole run: give it when starting rocket-reserver",
          showsUsage: false)
      }
      if common.scope == .program {
        throw Failure(message: "\(common.name) goes before the command", showsUsage: false)
      }
      return (common, true)
    }
    let known = (declaration.options + shared.options).filter { $0.scope != .program }.map(\.name)
    let suggestion = known.map { ($0, editDistance(name, $0)) }.filter { $0.1 <= 2 }.min { $0.1 < $1.1 }
    let hint = suggestion.map { " (did you mean '\($0.0)'?)" } ?? ""
    throw Failure(message: "unknown option \(TerminalText.quoted(name))\(hint)", showsUsage: true)
  }

  /// Gives each positional word to its declaration, in order.
  private static func assign<Context>(
    _ words: [String], to arguments: [ArgumentDeclaration<Context>], into parsed: inout ParsedArguments
  ) throws(Failure) {
    var remaining = words[...]
    for argument in arguments {
      guard !remaining.isEmpty else {
        if argument.isOptional { continue }
        throw Failure(message: "missing \(argument.name) (\(argument.help))", showsUsage: true)
      }
      let taken = argument.repeats ? Array(remaining) : [remaining.removeFirst()]
      if argument.repeats { remaining = [] }
      for word in taken {
        guard argument.value.accepts(word) else {
          let message =
            argument.value.problem(word)
            ?? "\(TerminalText.quoted(word)) is not \(argument.value.description)"
          throw Failure(message: message, showsUsage: false)
        }
        parsed.append(word, for: argument.name)
      }
    }
    if let extra = remaining.first {
      throw Failure(message: "unexpected \(TerminalText.quoted(extra))", showsUsage: true)
    }
  }
}
