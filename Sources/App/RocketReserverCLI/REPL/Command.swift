import CommandLineKit

/// One thing the user can type: `help`, `launches`, `book 42`, ...
///
/// A command declares every word it takes in `declaration`, prints through `context.output`,
/// fails with `context.fail(_:status:)` and honours cancellation (Ctrl-C cancels its task).
/// Add new commands to `CommandCatalog.all`.
public protocol Command: Sendable {
  /// The command's words, arguments, options and rules.
  var declaration: CommandDeclaration { get }

  /// Runs the command with its parsed arguments.
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
