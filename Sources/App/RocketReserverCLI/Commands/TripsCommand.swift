import CommandLineKit
import RocketClient
import RocketReserverAPI

/// `trips`: the launches the logged-in user booked, newest first as `launches` lists them (the
/// server answers in booking order; `--json` prints its answer as it is).
public struct TripsCommand: Command {
  public let declaration = CommandDeclaration(
    "trips", summary: "list your booked trips, newest first", needsLogin: true, printsRows: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    let fetched = await context.request("Loading your trips") { requests throws(RocketClientError) in
      try await requests.fetch(MeQuery()).requireData()
    }
    guard case .succeeded(let result, let data) = fetched else { return fetched.failure }
    guard let me = result.me else {
      return context.fail(context.notLoggedInMessage, status: ExitStatus.notLoggedIn)
    }
    let trips = Self.newestFirst(me.trips.compactMap { $0 }, id: \.id)
    context.shell.noteTrips(trips.map(\.id))
    if context.json {
      context.writeJSON(data)
      return .success
    }
    let queued = context.queuedChanges()
    guard !trips.isEmpty || context.format != .table else {
      context.output.writeError("no trips booked yet: book ID\n")
      Self.notePending(queued, context: context)
      return .success
    }
    var table = Table(header: ["ID", "MISSION", "ROCKET", "SITE"], shrinkable: [1, 2, 3])
    for trip in trips {
      table.rows.append([
        trip.id, trip.mission?.name ?? "",
        LaunchRendering.rocket(name: trip.rocket?.name, type: trip.rocket?.type), trip.site ?? "",
      ])
    }
    context.writeTable(table)
    Self.notePending(queued, context: context)
    return .success
  }

  /// `trips` in the order `launches` lists them, highest flight number first; ids that are not
  /// numbers follow, in the order given.
  static func newestFirst<Trip>(_ trips: [Trip], id: (Trip) -> String) -> [Trip] {
    let numbered = trips.enumerated().map { (number: Int(id($1)), position: $0, trip: $1) }
    return numbered.sorted { a, b in
      switch (a.number, b.number) {
      case (let x?, let y?) where x != y: x > y
      case (.some, nil): true
      case (nil, .some): false
      default: a.position < b.position
      }
    }.map(\.trip)
  }

  /// `pending: book 21, cancel 5 (queued, not sent; ...)` on standard error, beside the answer.
  static func notePending(_ queued: [OutboxEntry], context: CommandContext) {
    guard !queued.isEmpty else { return }
    let list = queued.map(\.summary).joined(separator: ", ")
    context.output.writeError("pending: \(list) (queued, not sent; 'outbox' lists them)\n")
  }
}
