import RocketClient
import RocketReserverAPI

/// `whoami`: who the server thinks is logged in.
public struct WhoamiCommand: Command {
  public let declaration = CommandDeclaration("whoami", summary: "show who is logged in")

  /// Creates the command.
  public init() {}

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let fetched = await context.request("Asking the server") { session throws(RocketClientError) in
      try await session.client.fetch(MeQuery()).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    guard let me = result.me else {
      return context.fail("not logged in: login EMAIL", status: ExitStatus.notLoggedIn)
    }
    if context.json {
      context.writeJSON(data)
      return .success
    }
    let trips = me.trips.count == 1 ? "1 trip" : "\(me.trips.count) trips"
    let email = TerminalText.safe(me.email)
    context.output.write("\(context.style.bold(email)) (user \(me.id), \(trips) booked)\n")
    return .success
  }
}
