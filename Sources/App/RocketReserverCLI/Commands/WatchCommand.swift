import CommandLineKit
import GraphQL
import GraphQLWire
import RocketClient
import RocketReserverAPI

/// `watch [--count N] [--since ID] [--transport auto|multipart|websocket]`: prints a line each
/// time trips are booked or cancelled, by anyone, until Ctrl-C; every event exactly once across
/// reconnections.
public struct WatchCommand: Command {
  struct Options: ParsableOptions {
    var count: Int?
    var since: String?
    var transport = HTTPSubscriptionTransport.Mode.auto
    static let bindings: [OptionBinding<Options>] = [
      .option("--count", valueName: "N", type: .positiveInteger, into: \.count, help: "exit after N events"),
      .option(
        "--since", valueName: "ID", type: .eventID, into: \.since,
        help: "start after event ID (as --json prints it): print every event logged since, then go on"),
      .option(
        "--transport", valueName: "HOW",
        type: .choice(HTTPSubscriptionTransport.Mode.self, noun: "transport"),
        into: \.transport,
        help: "with --endpoint: multipart (HTTP), websocket, or auto (multipart, else WebSocket)"),
    ]
  }

  public let declaration = CommandDeclaration(
    "watch", summary: "print each booking and cancellation as it happens, until Ctrl-C",
    details: """
      One line per event: 'HH:MM:SS  +2 trips booked' or 'HH:MM:SS  -1 trip cancelled', the time
      the server committed it (with the date when not today; no time from a server that does not
      send it); with --json one object per line, {"tripsBooked":2,"eventId":"41"}. The embedded backend sees
      every process using the same data directory (a 'book' in another terminal, a serve); a
      server is followed over HTTP multipart, or over a WebSocket (graphql-transport-ws or
      graphql-ws) when it offers only that. A lost connection is retried (after 1 s, doubling up
      to 30 s) with one line on standard error, and resumes after the last event printed, so
      each event is printed exactly once (the server must keep event ids: serve does, see
      docs/resumable-subscriptions.md); --since ID starts after event ID. When the server no
      longer holds the events after that id, one line on standard error says how many may be
      missing and watching goes on. Exit 69 only when the first connection fails. Ctrl-C or
      SIGTERM ends it with status 0.
      """,
    options: Options.declarations)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let session = context.session else {
      return context.fail("watch needs a server, and none is configured")
    }
    let options = Options(arguments.options)
    let limit = options.count
    let transport = session.subscriptionTransport(mode: options.transport)
    let headers = session.requestOptions.headers
    let client = session.client
    let trace = SubscriptionTrace(session: session, line: context.lineRequests)
    let authorized = session.loggedInEmail != nil
    let follower = SubscriptionFollower(
      start: { resumeAfter throws(RocketClientError) in
        var request = GraphQLRequest(TripsBookedSubscription()).resuming(after: resumeAfter)
        // What the requests found: a subscription is not the place to probe the server.
        request.onError = session.errorBehavior.behavior(for: client.endpointKey)
        if trace.isOn { trace.started(request, headers: headers, authorized: authorized) }
        return try await client.subscribe(request, headers: headers, via: transport)
      }, name: "watch", since: options.since)
    if context.showsProgress && !context.json {
      context.output.writeError("watching \(session.endpointDescription) for bookings (Ctrl-C to stop)\n")
    }
    return await StopOnSignal.run(enabled: !context.isInteractive) {
      var seen = 0
      return await follower.run(context: context) { result in
        trace.received(result)
        if let errors = result["errors"], errors.arrayValue?.isEmpty == false,
          result["data"]?["tripsBooked"] == nil
        {
          return .stop(
            context.outcome(
              for: .server(errors: errors.arrayValue?.map(GraphQLError.init(responseJSON:)) ?? [])))
        }
        guard let data = result["data"], let delta = data["tripsBooked"]?.intValue else { return .keepGoing }
        if context.json {
          var object = data.objectValue ?? [:]
          if let id = result["extensions"]?[SubscriptionResult.eventIDExtension] { object["eventId"] = id }
          if !context.writeFiltered(.object(object), streamed: true) {
            let line = String(decoding: JSON.object(object).encoded(), as: UTF8.self)
            context.output.write(PrettyJSON.escaping(line, forTerminal: context.outputIsTerminal) + "\n")
          }
        } else {
          let committed = result["extensions"]?[SubscriptionResult.eventTimeExtension]?.stringValue
            .flatMap(TripEventLine.seconds(rfc3339:))
          context.output.write(TripEventLine.text(delta: delta, at: committed) + "\n")
        }
        if context.output.failure?.errno != nil { return .stop(.failed()) }
        seen += 1
        if let limit, seen >= limit { return .stop(.success) }
        return .keepGoing
      }
    }
  }
}
