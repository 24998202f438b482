/// `quit` (or `exit`): leaves the shell.
public struct QuitCommand: Command {
  public let name = "quit"
  public let aliases = ["exit"]
  public let summary = "leave the shell (Ctrl-D does too)"
  public let usage = "quit"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard arguments.isEmpty else { return context.usageError("quit takes no arguments", for: self) }
    return .quit()
  }
}
