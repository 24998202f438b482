import RocketClient

/// `logout`: forgets the token kept for this endpoint.
public struct LogoutCommand: Command {
  public let name = "logout"
  public let summary = "forget the login for this endpoint"
  public let usage = "logout"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard arguments.isEmpty else { return context.badArgument("takes no arguments", for: self) }
    guard let session = context.session else { return context.fail("no server is configured") }
    let email = session.loggedInEmail
    do {
      let removed = try session.client.logOut()
      session.setLoggedInEmail(nil)
      if removed {
        context.output.write("logged out\(email.map { " (\($0))" } ?? "")\n")
      } else {
        context.output.write("not logged in\n")
      }
      return .success
    } catch {
      return context.outcome(for: error)
    }
  }
}
