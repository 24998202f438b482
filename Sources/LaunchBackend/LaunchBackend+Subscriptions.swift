import GraphQL

extension LaunchBackend {
  /// How an operation for a streaming transport begins.
  public enum OperationStart: Sendable {
    /// A query's or mutation's response, or the errors of a request that cannot run.
    case single(GraphQLResponse)
    /// A subscription: one encoded response (`{"data":{"tripsBooked":n}}`) per event, pulled
    /// at the consumer's pace (a consumer that falls behind catches up from the event log).
    case stream(SubscriptionStream<[UInt8]>)
    /// A valid subscription that cannot start because the database is unavailable right now:
    /// the response holds a `SERVICE_UNAVAILABLE` error (a transport answers 503 where it can).
    case unavailable(GraphQLResponse)
  }

  /// Starts an operation for a transport that can stream (WebSocket, multipart, SSE).
  ///
  /// Queries and mutations run at once. A subscription is first run once without an event
  /// (`tripsBooked` is then null), which proves that it parses, validates and its variables
  /// coerce, so a broken one is answered with its errors before anything is subscribed; then
  /// it subscribes to the event log (``tripEvents(after:capacity:)``: every process's
  /// committed bookings, from this call on) and its selection is executed for each event, with
  /// the event as root value, on the feed's thread as the event is handed over. Subscribers
  /// with the same document, operation, variables and credential get the same bytes for an
  /// event, so those are executed once per event and shared (a thousand anonymous
  /// `subscription { tripsBooked }`s cost one execution). A consumer that falls behind is
  /// paused and catches up from the log at its own pace; while the database is away the
  /// subscription waits and then delivers what was committed meanwhile, in order. It ends only
  /// when the consumer stops iterating or the backend closes. When the database cannot be read
  /// at the start, the answer is `.unavailable` with a `SERVICE_UNAVAILABLE` error, never an
  /// empty stream.
  ///
  /// - Parameters:
  ///   - request: the document, operation name and variables.
  ///   - authorization: the caller's credential (bare token or `Bearer <token>`).
  public func start(_ request: GraphQLRequest, authorization: String?) -> OperationStart {
    let context = RequestContext(environment: environment, authorization: authorization)
    let first = processor.process(
      request, context: context, admission: .streaming, rootValue: TripsBookedEvent(delta: nil))
    guard first.outcome == .executed, first.operationType == .subscription else { return .single(first) }
    let processor = processor
    let environment = environment
    let answers = subscriptionAnswers
    let key = SubscriptionAnswers.Key(request: request, authorization: authorization)
    do {
      return .stream(
        try environment.store.events.subscribe(after: nil, capacity: TripEventFeed.defaultCapacity) {
          event in
          answers.answer(for: key, event: event.id) {
            processor.process(
              request, context: RequestContext(environment: environment, authorization: authorization),
              admission: .streaming, rootValue: TripsBookedEvent(delta: event.delta)
            ).body
          }
        })
    } catch {
      environment.reportInternalError(error)
      let failure: GraphQLError =
        if case .unavailable? = error as? BookingStoreError { APIError.serviceUnavailable } else {
          APIError.internalError
        }
      return .unavailable(
        GraphQLResponse(
          outcome: .executed, operationType: .subscription, operationName: first.operationName,
          errors: [failure], body: ExecutionResult(data: .null, errors: [failure]).encoded()))
    }
  }

  /// Whether `authorization` names a signed-in user (a WebSocket's `connection_init` credential
  /// must; an absent one means an anonymous subscriber, which is allowed).
  public func isSignedIn(authorization: String) -> Bool {
    let context = RequestContext(environment: environment, authorization: authorization)
    return ((try? context.caller()) ?? nil) != nil
  }
}
