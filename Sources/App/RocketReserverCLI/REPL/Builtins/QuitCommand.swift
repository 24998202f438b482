import CommandLineKit
import GraphQLWire

/// `quit` (or `exit`, `q`, `\q`): leaves the shell.
public struct QuitCommand: Command {
  static let ignored = Positional(
    "WORDS", type: .text, optional: true, repeats: true, hidden: true,
    help: "ignored, so that 'exit now' leaves too")

  public let declaration = CommandDeclaration(
    "quit", aliases: ["exit", "q", "\\q"], summary: "leave the shell (Ctrl-D does too)",
    arguments: [ignored.declaration])

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    if context.json { context.writeJSON(.object(["quit": .object(["status": .int(0)])])) }
    return .quit()
  }
}
