import GraphQL
import GraphQLWire

extension LaunchBackend {
  /// How an operation for a streaming transport begins.
  public enum OperationStart: Sendable {
    /// A query's or mutation's response, or the errors of a request that cannot run.
    case single(GraphQLResponse)
    /// A subscription: one encoded response per event
    /// (`{"data":{"tripsBooked":n},"extensions":{"eventId":"<id>","eventTime":"<RFC 3339>"}}`) with
    /// the event's id and commit time, pulled
    /// at the consumer's pace (a consumer that falls behind catches up from the event log).
    case stream(SubscriptionStream<SubscriptionResult>)
    /// A valid subscription refused before it started, as a request error (no `data`, outcome
    /// `.refused`): its `extensions.resumeAfter` is not an event id or is beyond the newest event
    /// (`BAD_USER_INPUT`), or names an event the log no longer holds (`EVENTS_EXPIRED`).
    case refused(GraphQLResponse)
    /// A valid subscription that cannot start because the database is unavailable right now:
    /// the response holds a `SERVICE_UNAVAILABLE` error (outcome `.unavailable`).
    case unavailable(GraphQLResponse)
  }

  /// Starts an operation for a transport that can stream (WebSocket, multipart, SSE).
  ///
  /// Queries and mutations run at once. A subscription is first run once without an event
  /// (`tripsBooked` is then null), which proves that it parses, validates and its variables
  /// coerce, so a broken one is answered with its errors before anything is subscribed; then
  /// it subscribes to the event log (``tripEvents(after:capacity:)``: every process's
  /// committed bookings, from this call on, or after the event `extensions.resumeAfter` names)
  /// and its selection is executed for each event, with the event as root value, on the feed's
  /// thread as the event is handed over; each answer carries its event's id
  /// (`extensions.eventId`). Subscribers with the same document, operation, variables and
  /// credential get the same bytes for an event, so those are executed once per event and
  /// shared (a thousand anonymous `subscription { tripsBooked }`s cost one execution). A
  /// consumer that falls behind is paused and catches up from the log at its own pace; while the
  /// database is away the subscription waits and then delivers what was committed meanwhile, in
  /// order. It ends only when the consumer stops iterating or the backend closes. When the
  /// database cannot be read at the start, the answer is `.unavailable` with a
  /// `SERVICE_UNAVAILABLE` error, never an empty stream; a `resumeAfter` older than the
  /// retained log is answered `EVENTS_EXPIRED`, one beyond its newest event `BAD_USER_INPUT`
  /// naming that event (docs/resumable-subscriptions.md).
  ///
  /// - Parameters:
  ///   - request: the document, operation name, variables and extensions.
  ///   - authorization: the caller's credential (bare token or `Bearer <token>`).
  ///   - client: the client's network address, for the per-address login rate; default none.
  public func start(_ request: GraphQLRequest, authorization: String?, client: String? = nil)
    -> OperationStart
  {
    let context = ResolverContext(environment: environment, authorization: authorization, client: client)
    let first = processor.process(
      request, context: context, admission: .streaming, rootValue: TripsBookedEvent(delta: nil))
    guard first.outcome == .executed, first.operationType == .subscription else { return .single(first) }
    let resumeAfter: Int?
    switch Self.resumeAfter(in: request) {
    case .failure(let error): return .refused(Self.refusal(error, of: first, as: .refused))
    case .success(let id): resumeAfter = id
    }
    let processor = processor
    let environment = environment
    let answers = subscriptionAnswers
    let key = SubscriptionAnswers.Key(request: request, authorization: authorization)
    do {
      if let resumeAfter {
        let start = try environment.store.tripEventLogStart()
        if start.hasExpired(after: resumeAfter) {
          let missed = try environment.store.prunedTripEventCount(after: resumeAfter)
          return .refused(
            Self.refusal(
              APIError.eventsExpired(after: resumeAfter, start: start, missed: missed), of: first,
              as: .refused))
        }
        // An id no event has had yet cannot come from this log (a client's mistake, or another
        // server's log): waiting for it would hold back every event until the log got there.
        let newest = max(try environment.store.lastTripEventID(), start.prunedThrough)
        if resumeAfter > newest {
          return .refused(
            Self.refusal(APIError.resumeAfterAhead(resumeAfter, newest: newest), of: first, as: .refused))
        }
      }
      return .stream(
        try environment.store.events.subscribe(after: resumeAfter, capacity: TripEventFeed.defaultCapacity) {
          event in
          let body = answers.answer(for: key, event: event.id) {
            SubscriptionResult.body(
              processor.process(
                request, context: ResolverContext(environment: environment, authorization: authorization),
                admission: .streaming, rootValue: TripsBookedEvent(delta: event.delta)
              ).body, withEventID: String(event.id), time: event.loggedAt.map(TripEvent.timestamp))
          }
          return SubscriptionResult(body: body, eventID: String(event.id))
        })
    } catch {
      environment.reportInternalError(error)
      let failure: GraphQLError =
        if case .unavailable? = error as? BookingStoreError { APIError.serviceUnavailable } else {
          APIError.internalError
        }
      return .unavailable(Self.refusal(failure, of: first, as: .unavailable))
    }
  }

  /// The event id in `extensions.resumeAfter` (a string of digits; a whole number is taken too),
  /// nil when there is none.
  static func resumeAfter(in request: GraphQLRequest) -> Result<Int?, GraphQLError> {
    switch request.extensions?[SubscriptionResult.resumeAfterExtension] {
    case nil, .null?: return .success(nil)
    case .int(let id)? where id >= 0: return .success(id)
    case .string(let text)?
    where !text.isEmpty && text.utf8.count <= 19 && text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }):
      guard let id = Int(text) else { return .failure(APIError.invalidResumeAfter) }
      return .success(id)
    default: return .failure(APIError.invalidResumeAfter)
    }
  }

  /// The answer refusing the subscription `first` with `error`, ending as `outcome`: with
  /// `"data":null` when it failed as it ran (`.unavailable`), without `data` when it is refused
  /// as a request error (`.refused`).
  private static func refusal(
    _ error: GraphQLError, of first: GraphQLResponse, as outcome: GraphQLResponse.Outcome
  ) -> GraphQLResponse {
    GraphQLResponse(
      outcome: outcome, operationType: .subscription, operationName: first.operationName, errors: [error],
      body: ExecutionResult(data: outcome == .refused ? nil : .null, errors: [error]).encoded())
  }

  /// Whether `authorization` names a signed-in user (a WebSocket's `connection_init` credential
  /// must; an absent one means an anonymous subscriber, which is allowed).
  public func isSignedIn(authorization: String) -> Bool {
    let context = ResolverContext(environment: environment, authorization: authorization)
    return ((try? context.caller()) ?? nil) != nil
  }
}
