import CommandLineKit
import RocketClient

/// `book ID [ID ...]`: books a seat on each launch.
public struct BookCommand: Command {
  static let ids = Positional("ID", type: .launchID, repeats: true, help: "the launches to book")

  public let declaration = CommandDeclaration(
    "book", summary: "book a seat on one or more launches", arguments: [ids.declaration], needsLogin: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    await context.changeTrips(.book, arguments.all(Self.ids))
  }
}
