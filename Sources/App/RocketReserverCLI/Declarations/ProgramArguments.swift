import CommandLineKit

/// The command line (argv without the program name), parsed once, here: the program options
/// before the command, then the command's words against its declaration, which also yields the
/// session options given after it (`launch 1 --endpoint URL`). Nothing else reads argv.
struct ProgramArguments: Sendable {
  /// The program's options, those given after the command that choose the session included.
  var options: GlobalOptions
  /// The command and its parsed words; nil when argv names none (the shell, `-c`, `-f`).
  let invocation: CommandInvocation?
  /// The words of `rocket-reserver __complete WORD...`; nil for any other command line.
  let completionWords: [String]?

  /// Parses `arguments` (argv without the program name).
  /// - Throws: `UsageError` for a bad program option, saying where a command's own option given
  ///   before the command belongs. A bad word after the command is the invocation's result,
  ///   reported when the command runs (as JSON when `--json` asks).
  static func parse(
    _ arguments: [String], registry: @autoclosure () -> CommandRegistry = CommandCatalog.registry
  ) throws(UsageError) -> ProgramArguments {
    if arguments.first == CompletionQuery.word {
      return ProgramArguments(
        options: GlobalOptions(), invocation: nil, completionWords: Array(arguments.dropFirst()))
    }
    var options: GlobalOptions
    do {
      options = try GlobalOptions.parse(arguments)
    } catch {
      throw UsageError(misplacedOptionMessage(arguments, registry: registry()) ?? error.message)
    }
    // Only a command line that names a command needs the commands: `--version` builds none.
    guard !options.command.isEmpty else {
      return ProgramArguments(options: options, invocation: nil, completionWords: nil)
    }
    let invocation = CommandInvocation(options.command, registry: registry(), allowsSession: true)
    options.apply(invocation.sessionOptions)
    return ProgramArguments(options: options, invocation: invocation, completionWords: nil)
  }

  /// For a command's own option given before the command (`--search x launches`): where it
  /// belongs, `--search belongs after the command: launches --search TEXT`; nil otherwise.
  static func misplacedOptionMessage(_ arguments: [String], registry: CommandRegistry) -> String? {
    guard let word = arguments.first(where: ArgumentParser.looksLikeOption) else { return nil }
    let (name, _) = ArgumentParser.splitOption(word)
    guard GlobalOptions.declarations.named(name) == nil else { return nil }
    let owners = registry.commands.filter { $0.declaration.options.named(name) != nil }
    guard let owner = owners.first, let option = owner.declaration.options.named(name) else { return nil }
    let example =
      owners.count == 1
      ? ": \(owner.name) \(option.usageSynopsis)" : " (\(owners.map(\.name).joined(separator: ", ")))"
    return "\(option.name) belongs after the command\(example)"
  }
}
