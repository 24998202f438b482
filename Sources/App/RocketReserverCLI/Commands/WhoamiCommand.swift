import CommandLineKit
import RocketClient
import RocketReserverAPI

/// `whoami`: who the server thinks is logged in, and which server that is.
public struct WhoamiCommand: Command {
  public let declaration = CommandDeclaration(
    "whoami", summary: "show who is logged in", printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let fetched = await context.request("Asking the server") { requests throws(RocketClientError) in
      try await requests.fetch(MeQuery()).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else { return fetched.failure }
    guard let me = result.me else {
      let message =
        context.session?.givesOwnAuthorization == true
        ? context.notLoggedInMessage : "not logged in: login EMAIL"
      return context.fail(message, status: ExitStatus.notLoggedIn)
    }
    if context.json {
      context.writeJSON(data)
      return .success
    }
    guard context.format == .table else {
      var table = Table(header: ["EMAIL", "ID", "TRIPS"])
      table.rows = [[me.email, me.id, "\(me.trips.count)"]]
      context.writeTable(table)
      return .success
    }
    let trips = me.trips.count == 1 ? "1 trip" : "\(me.trips.count) trips"
    let email = TerminalText.safe(me.email)
    let server = TerminalText.safe(context.session?.endpointDescription ?? "the server")
    context.output.write("\(context.style.bold(email)) (user \(me.id), \(trips) booked) on \(server)\n")
    return .success
  }
}
