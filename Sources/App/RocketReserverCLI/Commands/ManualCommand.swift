import CommandLineKit

/// `man`: prints the manual page in roff (`rocket-reserver man | man -l -`).
public struct ManualCommand: Command {
  public let declaration = CommandDeclaration(
    "man", summary: "print the manual page (roff): rocket-reserver man | man -l -")

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    context.output.write(ManualPage.text)
    return .success
  }
}
