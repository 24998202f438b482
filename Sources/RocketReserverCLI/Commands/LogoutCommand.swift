import GraphQL
import RocketClient

/// `logout`: forgets the token kept for this endpoint.
public struct LogoutCommand: Command {
  public let declaration = CommandDeclaration("logout", summary: "forget the login for this endpoint")

  /// Creates the command.
  public init() {}

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session else { return context.fail("no server is configured") }
    let email = session.loggedInEmail
    let removed: Bool
    do {
      removed = try session.client.logOut()
    } catch {
      return context.outcome(for: error)
    }
    if context.json {
      let who: JSON = email.map { .string($0) } ?? .null
      context.writeJSON(
        .object(["logout": .object(["loggedOut": .bool(removed), "email": removed ? who : .null])]))
    } else if removed {
      context.output.write("logged out\(email.map { " (\(TerminalText.safe($0)))" } ?? "")\n")
    } else {
      context.output.write("not logged in\n")
    }
    return .success
  }
}
