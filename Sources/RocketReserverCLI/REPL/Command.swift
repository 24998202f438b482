/// One thing the user can type: `help`, `quit`, `launches`, `book 42`, ...
///
/// Implementation requirements: be a value (`Sendable`); print results through
/// `context.output`, never `print`; report failures by printing one line with
/// `context.fail(_:status:)` and returning its outcome; honour task cancellation in long work
/// (Ctrl-C cancels the task running `run`). Add new commands to `CommandCatalog.all`.
public protocol Command: Sendable {
  /// The word that runs the command, lowercase.
  var name: String { get }
  /// Other words that run it (default none).
  var aliases: [String] { get }
  /// One line for the `help` list.
  var summary: String { get }
  /// The synopsis, e.g. `book LAUNCH_ID`, shown by `help COMMAND` and on usage errors.
  var usage: String { get }
  /// Further paragraphs for `help COMMAND` (default empty).
  var details: String { get }

  /// Runs the command.
  /// - Parameters:
  ///   - arguments: the words after the command name, quotes already removed.
  ///   - context: where to print, styles, the registry and the session (client and state).
  /// - Returns: the exit status, and whether the shell should end.
  func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome

  /// Candidates for Tab on the word being typed (default none).
  /// - Parameters:
  ///   - arguments: the complete words between the command name and the word being typed.
  ///   - word: the partial word under the cursor (may be empty).
  ///   - context: the registry and other read-only state.
  func completions(arguments: [String], word: String, context: CommandContext) -> [String]

  /// Whether the line that ran this command may be written to the history file (default true);
  /// return false for lines carrying secrets.
  func recordsInHistory(_ arguments: [String]) -> Bool
}

extension Command {
  public var aliases: [String] { [] }
  public var details: String { "" }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    []
  }

  public func recordsInHistory(_ arguments: [String]) -> Bool { true }
}
