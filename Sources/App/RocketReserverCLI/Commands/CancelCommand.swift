import CommandLineKit
import RocketClient

/// `cancel ID [ID ...]`: cancels the logged-in user's trips on these launches, one by one.
public struct CancelCommand: Command {
  static let ids = Positional(
    "ID", type: .bookedLaunchID, repeats: true, help: "the launches whose trips to cancel")

  public let declaration = CommandDeclaration(
    "cancel", summary: "cancel your trips on one or more launches", arguments: [ids.declaration],
    needsLogin: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    await context.changeTrips(.cancel, arguments.all(Self.ids))
  }
}
