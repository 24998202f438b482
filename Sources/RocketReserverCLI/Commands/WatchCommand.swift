import GraphQL
import RocketClient
import RocketReserverAPI

/// `watch [--count N] [--transport auto|multipart|websocket]`: prints a line each time trips
/// are booked or cancelled, by anyone, until Ctrl-C.
public struct WatchCommand: Command {
  static let count = Option(
    "--count", valueName: "N", type: .positiveInteger, help: "exit after N events")
  static let transport = Option(
    "--transport", valueName: "HOW", type: .choice(HTTPSubscriptionTransport.Mode.self, noun: "transport"),
    defaultValue: "auto",
    help: "with --endpoint: multipart (HTTP), websocket, or auto (multipart, else WebSocket)")

  public let declaration = CommandDeclaration(
    "watch", summary: "print each booking and cancellation as it happens, until Ctrl-C",
    details: """
      One line per event: 'HH:MM:SS  +2 trips booked' or 'HH:MM:SS  -1 trip cancelled'; with
      --json one object per line, {"tripsBooked":2}. The embedded backend sees every process
      using the same data directory (a 'book' in another terminal, a serve); a server is
      followed over HTTP multipart, or over a WebSocket (graphql-transport-ws or graphql-ws)
      when it offers only that. A lost connection is retried (after 1 s, doubling up to 30 s)
      with one line on standard error; exit 69 only when the first connection fails. Ctrl-C or
      SIGTERM ends it with status 0.
      """,
    options: [count.declaration, transport.declaration])

  /// Creates the command.
  public init() {}

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session else {
      return context.fail("watch needs a server, and none is configured")
    }
    let limit = arguments[Self.count]
    let transport = session.subscriptionTransport(mode: arguments[Self.transport] ?? .auto)
    let headers = session.requestOptions.headers
    let client = session.client
    let follower = SubscriptionFollower(
      start: { () throws(RocketClientError) in
        try await client.subscribe(TripsBookedSubscription(), headers: headers, via: transport)
      }, name: "watch")
    if context.showsProgress && !context.json {
      context.output.writeError("watching \(session.endpointDescription) for bookings (Ctrl-C to stop)\n")
    }
    return await StopOnSignal.run(enabled: !context.isInteractive) {
      var seen = 0
      return await follower.run(context: context) { result in
        if let errors = result["errors"], errors.arrayValue?.isEmpty == false,
          result["data"]?["tripsBooked"] == nil
        {
          return .stop(
            context.outcome(
              for: .server(errors: errors.arrayValue?.map(GraphQLError.init(responseJSON:)) ?? [])))
        }
        guard let data = result["data"], let delta = data["tripsBooked"]?.intValue else { return .keepGoing }
        if context.json {
          let line = String(decoding: data.encoded(), as: UTF8.self)
          context.output.write(
            (context.outputIsTerminal ? PrettyJSON.escapingForTerminal(line) : line) + "\n")
        } else {
          context.output.write(TripEventLine.text(delta: delta) + "\n")
        }
        if context.output.failure?.errno != nil { return .stop(.failed()) }
        seen += 1
        if let limit, seen >= limit { return .stop(.success) }
        return .keepGoing
      }
    }
  }
}
