/// `help [COMMAND]`: lists the commands, or shows how to use one.
public struct HelpCommand: Command {
  public let name = "help"
  public let summary = "list the commands, or show how to use one"
  public let usage = "help [COMMAND]"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    switch arguments.count {
    case 0:
      context.output.write(list(context))
      return .success
    case 1:
      guard let command = context.registry.command(named: arguments[0]) else {
        return context.fail(
          context.registry.unknownCommandMessage(arguments[0]), status: ExitStatus.usage)
      }
      context.output.write(describe(command, style: context.style))
      return .success
    default:
      return context.usageError("help takes at most one command name", for: self)
    }
  }

  public func completions(arguments: [String], word: String, context: CommandContext) -> [String] {
    arguments.isEmpty ? context.registry.commands.map(\.name).filter { $0.hasPrefix(word) } : []
  }

  private func list(_ context: CommandContext) -> String {
    let commands = context.registry.commands
    let width = (commands.map(\.usage.count).max() ?? 0) + 2
    var text = context.style.bold("Commands:") + "\n"
    for command in commands {
      let padding = String(repeating: " ", count: width - command.usage.count)
      text += "  \(command.usage)\(padding)\(command.summary)\n"
    }
    text += "\nType 'help COMMAND' for more about one command.\n"
    return text
  }

  private func describe(_ command: any Command, style: TextStyle) -> String {
    var text = "\(style.bold("usage:")) \(command.usage)\n\n\(command.summary)\n"
    if !command.aliases.isEmpty {
      text += "aliases: \(command.aliases.joined(separator: ", "))\n"
    }
    if !command.details.isEmpty {
      text += "\n\(command.details)\n"
    }
    return text
  }
}
