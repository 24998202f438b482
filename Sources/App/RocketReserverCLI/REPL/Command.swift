import CommandLineKit

/// One thing the user can type: `help`, `quit`, `launches`, `book 42`, ...
///
/// Implementation requirements: be a value (`Sendable`); describe every word the command takes
/// in `declaration` (the shell parses them, checks the login, and derives usage, `help` and
/// completion from it); print results through `context.output`, never `print`; report failures
/// with `context.fail(_:status:)`; honour task cancellation in long work (Ctrl-C cancels the
/// task running `run`). Add new commands to `CommandCatalog.all`.
public protocol Command: Sendable {
  /// The command's words, arguments, options and rules.
  var declaration: CommandDeclaration { get }

  /// Runs the command with its parsed arguments.
  /// - Parameters:
  ///   - arguments: the values of the declared arguments and options.
  ///   - context: where to print, styles, the registry and the session (client and state).
  /// - Returns: the exit status, and whether the shell should end.
  func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome
}

extension Command {
  /// The word that runs the command.
  public var name: String { declaration.name }
  /// Other words that run it.
  public var aliases: [String] { declaration.aliases }
  /// One line for the `help` list.
  public var summary: String { declaration.summary }
  /// The synopsis, such as `book ID [ID ...]`.
  public var usage: String { declaration.usage }
}
