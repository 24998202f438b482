import CommandLineKit

/// `help [COMMAND]`: lists the commands, or shows how to use one.
public struct HelpCommand: Command {
  static let topic = Positional(
    "COMMAND", type: .commandName, optional: true, help: "the command to explain")

  public let declaration = CommandDeclaration(
    "help", aliases: ["?"], summary: "list the commands, or show how to use one",
    arguments: [topic.declaration])

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let topic = arguments[Self.topic] else {
      // In the shell and scripts, the commands that only run on their own are not offered.
      let commands = context.registry.commands.filter {
        context.isOneShot || $0.declaration.availability != .commandLineOnly
      }
      if context.json {
        context.writeJSON(.object(["commands": .array(commands.map { DeclaredHelp.json($0.declaration) })]))
      } else {
        context.writeResult(DeclaredHelp.list(commands, style: context.style, width: context.terminalWidth()))
      }
      return .success
    }
    guard let command = context.registry.command(named: topic) else {
      return context.fail(context.registry.unknownCommandMessage(topic), status: ExitStatus.usage)
    }
    if context.json {
      context.writeJSON(DeclaredHelp.json(command.declaration))
      return .success
    }
    context.writeResult(
      DeclaredHelp.describe(command.declaration, style: context.style, width: context.terminalWidth()))
    return .success
  }
}
