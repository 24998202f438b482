/// Launch ids as users type them: flight numbers.
enum LaunchID {
  /// `word` as a launch id in canonical form (`042` is `42`), or nil when it is not a number.
  static func parse(_ word: String) -> String? {
    guard !word.isEmpty, word.count <= 9, word.allSatisfy({ $0.isASCII && $0.isNumber }),
      let number = Int(word)
    else { return nil }
    return String(number)
  }

  /// The one launch id a command such as `launch ID` takes; nil after printing the usage error
  /// (missing, more than one, or not a number), whose status is `ExitStatus.usage`.
  static func single(_ arguments: [String], for command: any Command, context: CommandContext) -> String? {
    guard let word = arguments.first else {
      context.badArgument("missing launch id", for: command)
      return nil
    }
    guard arguments.count == 1 else {
      context.badArgument("takes one launch id", for: command)
      return nil
    }
    guard let id = parse(word) else {
      context.fail(notAnID(word, command: command.name), status: ExitStatus.usage)
      return nil
    }
    return id
  }

  /// The error for a word that is not a launch id, such as
  /// `launch: 'abc' is not a launch id (a number such as 42)`.
  static func notAnID(_ word: String, command: String) -> String {
    "\(command): '\(word)' is not a launch id (a number such as 42)"
  }

  /// Tab candidates: the ids seen in this session that start with `word` and are not in `typed`.
  static func completions(word: String, excluding typed: [String], context: CommandContext) -> [String] {
    let seen = context.session?.launchIDsSeen ?? []
    return seen.filter { $0.hasPrefix(word) && !typed.contains($0) }
  }
}
