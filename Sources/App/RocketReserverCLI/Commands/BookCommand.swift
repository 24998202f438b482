import GraphQL
import RocketClient
import RocketReserverAPI

/// `book ID [ID ...]`: books a seat on each launch.
public struct BookCommand: Command {
  static let ids = Positional("ID", type: .launchID, repeats: true, help: "the launches to book")

  public let declaration = CommandDeclaration(
    "book", summary: "book a seat on one or more launches", arguments: [ids.declaration], needsLogin: true)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    var requested: [String] = []
    for id in arguments.all(Self.ids) where !requested.contains(id) { requested.append(id) }
    let asked = requested
    if context.mayQueue, await context.sendOutbox() == .unreachable {
      // The changes queued before could not be sent just now: this one waits behind them.
      return await context.queue(.book, asked)
    }
    // One key for this change, kept by the outbox if the answer does not come back: a resend
    // of a booking whose answer was lost then books nothing twice.
    let key = CommandContext.newIdempotencyKey()
    // Which of them are booked already: the server answers "booked" either way, and the user
    // should hear that nothing changed.
    let interrupted = "interrupted: the booking may still have been made; 'trips' shows your trips"
    let fetched = await context.request(
      "Booking", interrupted: interrupted,
      whenUnreachable: { error in
        guard context.queues(after: error) else { return nil }
        return await context.queue(.book, asked, keys: asked.count == 1 ? [asked[0]: key] : [:])
      }
    ) { requests throws(RocketClientError) in
      let trips =
        try await requests.fetch(MeQuery()).requireData().me?.trips.compactMap { $0?.id } ?? []
      context.shell.noteTrips(trips)
      let already = asked.filter { trips.contains($0) }
      let wanted = asked.filter { !already.contains($0) }
      guard !wanted.isEmpty else { return (already, nil as BookTripsMutation.Data.BookTrips?) }
      return (
        already,
        try await requests.perform(BookTripsMutation(ids: wanted), idempotencyKey: key).requireData()
          .bookTrips
      )
    }
    guard case .succeeded(let (already, answer), let data) = fetched else { return fetched.failure }
    guard let answer else {
      let list = already.map { "launch \($0)" }.joined(separator: ", ")
      return context.fail("book: already booked: \(list)")
    }
    let launches = (answer.launches ?? []).compactMap { $0 }.map { (id: $0.id, isBooked: $0.isBooked) }
    // The answer lists the launches it found: the others of the request do not exist.
    let unknown = requested.filter { id in !already.contains(id) && !launches.contains { $0.id == id } }
    let failure =
      unknown.isEmpty
      ? "book: \(answer.message ?? "the server said no")"
      : "book: no launch with id \(unknown.joined(separator: ", "))"
    if context.json {
      guard answer.success else { return context.fail(failure) }
      context.writeJSON(data)
      return .success
    }
    for id in already { context.output.write("launch \(id): already booked\n") }
    return TripUpdateRendering.show(
      success: answer.success, message: answer.message, launches: launches, failure: failure, context: context
    )
  }
}
