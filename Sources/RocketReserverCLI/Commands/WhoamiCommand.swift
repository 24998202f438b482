import RocketClient
import RocketReserverAPI

/// `whoami`: who the server thinks is logged in.
public struct WhoamiCommand: Command {
  public let name = "whoami"
  public let summary = "show who is logged in"
  public let usage = "whoami"

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard arguments.isEmpty else { return context.badArgument("takes no arguments", for: self) }
    let fetched = await context.request("Asking the server") { session throws(RocketClientError) in
      try await session.client.fetch(MeQuery()).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else {
      if case .failed(let outcome) = fetched { return outcome }
      return .failed()
    }
    if context.json { context.writeJSON(data) }
    guard let me = result.me else {
      return context.fail("not logged in: login EMAIL", status: ExitStatus.notLoggedIn)
    }
    if context.json { return .success }
    let trips = me.trips.count == 1 ? "1 trip" : "\(me.trips.count) trips"
    context.output.write("\(context.style.bold(me.email)) (user \(me.id), \(trips) booked)\n")
    return .success
  }
}
