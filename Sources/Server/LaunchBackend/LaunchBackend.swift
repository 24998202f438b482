import GraphQL
import GraphQLWire

/// The embedded launch-booking API: the schema of `Operations/schema.graphqls`, its resolvers,
/// the launch catalog and the booking store, behind one entry point,
/// ``process(_:authorization:admission:)``, that the in-process transport and the HTTP server
/// both call (and ``start(_:authorization:)`` for transports that stream).
///
/// Thread safety: `Sendable`; `process` may be called from any number of threads at once, outside
/// any Swift concurrency context (it never suspends). Each call runs one request synchronously on
/// the calling thread.
public final class LaunchBackend: Sendable {
  let environment: BackendEnvironment
  let processor: GraphQLRequestProcessor<ResolverContext>
  /// Subscription answers shared by identical subscriptions for the same event.
  let subscriptionAnswers = SubscriptionAnswers()
  /// Prunes the event log in the background, when a retention was given.
  private let pruner: TripEventPruner?

  /// Opens (creating and migrating as needed) the SQLite booking database and builds the
  /// executable schema from the embedded SDL.
  ///
  /// - Parameters:
  ///   - databasePath: the SQLite file, e.g. `$XDG_DATA_HOME/rocket-reserver/backend.sqlite`
  ///     (the CLI computes it from `--data-dir` or the XDG default).
  ///   - limits: see ``init(store:limits:reportInternalError:tripsBookedChanged:)``.
  ///   - reportInternalError: see ``init(store:limits:reportInternalError:tripsBookedChanged:)``.
  ///   - tripsBookedChanged: see ``init(store:limits:reportInternalError:tripsBookedChanged:)``.
  /// - Throws: ``BookingStoreError`` when the database cannot be opened or migrated;
  ///   ``CatalogError`` or `SchemaValidationError` if the embedded catalog or schema is broken.
  public convenience init(
    databasePath: String, limits: BackendLimits = BackendLimits(),
    reportInternalError: @escaping @Sendable (any Error) -> Void = { _ in },
    tripsBookedChanged: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws {
    try self.init(
      store: SQLiteBookingStore(path: databasePath), limits: limits, reportInternalError: reportInternalError,
      tripsBookedChanged: tripsBookedChanged)
  }

  /// Builds the executable schema from the embedded SDL over an open booking store.
  ///
  /// - Parameters:
  ///   - store: the users, sessions, trips and event log (SQLite or PostgreSQL); the backend
  ///     closes it in ``close()``.
  ///   - limits: the cost limit, response-size bound and deadline of every request (`serve
  ///     --max-cost` and friends); default ``BackendLimits/init()``.
  ///   - reportInternalError: receives each unexpected error (such as a failed database write)
  ///     before the client gets a generic `INTERNAL_SERVER_ERROR`; a server logs it. Default:
  ///     ignore. Called on the request's thread.
  ///   - tripsBookedChanged: receives `+n` when a `bookTrips` call newly booked n trips (n > 0)
  ///     and `-1` when a `cancelTrip` call removed one, after the change is committed: the
  ///     events of `Subscription.tripsBooked`, for a transport that can stream them. Default:
  ///     ignore. Called on the request's thread; keep it short.
  ///   - persistedQueries: automatic persisted queries and trusted documents (default: APQ on,
  ///     bounded, no manifest).
  ///   - eventRetention: how much of the event log to keep for resuming subscribers, pruning
  ///     the rest in the background (`serve --event-retention-*`); default nil: prune nothing.
  ///   - loginLimits: how long sessions last and how often one client address may log in
  ///     (`serve --session-max-age`, `--login-rate`); default: sessions of 30 days, no rate.
  /// - Throws: ``CatalogError`` or `SchemaValidationError` if the embedded catalog or schema is
  ///   broken (the test suite guards against both); `TrustedDocuments.ManifestError` for a
  ///   manifest that cannot serve this API.
  public init(
    store: any BookingStore, limits: BackendLimits = BackendLimits(),
    persistedQueries: PersistedQuerySettings = PersistedQuerySettings(),
    eventRetention: TripEventRetention? = nil, loginLimits: LoginLimits = .unlimited,
    reportInternalError: @escaping @Sendable (any Error) -> Void = { _ in },
    tripsBookedChanged: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws {
    // Parsed once for both the schema and its cache hints (a parse is 4% of a one-shot command).
    let schemaDocument = try parse(Source(EmbeddedResources.schemaSDL))
    let schema = try buildSchema(schemaDocument)
    let catalog = try LaunchCatalog.embedded
    environment = BackendEnvironment(
      launches: LaunchIndex(catalog: catalog), store: store, login: LoginGate(limits: loginLimits),
      reportInternalError: reportInternalError,
      tripsBookedChanged: tripsBookedChanged)
    processor = GraphQLRequestProcessor(
      schema: ExecutableSchema(
        schema: schema, resolvers: LaunchAPIResolvers.all, typed: LaunchAPIResolvers.typed),
      limits: limits.requestLimits(launchCount: catalog.count),
      persistedOperations: try persistedQueries.operations(for: schema, store: store),
      cacheHints: CacheControlHints(schema: schemaDocument))
    pruner = eventRetention.flatMap {
      $0.prunes ? TripEventPruner(store: store, retention: $0, report: reportInternalError) : nil
    }
  }

  /// Runs one GraphQL request for the caller named by `authorization`, synchronously on the
  /// calling thread: the entry point of the in-process transport and of the HTTP server alike.
  ///
  /// Never throws: every failure is in the response, with `extensions.code` as
  /// `Operations/schema.graphqls` says. Parse, validation, operation-resolution and variable
  /// errors come from the engine's pipeline without `data` (the parsed and validated document is
  /// cached by query text);
  /// `BAD_USER_INPUT`, `UNAUTHENTICATED`, `SERVICE_UNAVAILABLE` and `INTERNAL_SERVER_ERROR` come
  /// from the resolvers, with `data`. Which operation types may run is the transport's decision
  /// (`admission`): a refused one ends as `.operationNotAllowed`.
  ///
  /// - Parameters:
  ///   - request: the document, operation name and variables.
  ///   - authorization: the raw `Authorization` header: a bare token or `Bearer <token>`; nil,
  ///     unknown or forged means an anonymous caller.
  ///   - admission: which operation types the transport carries (default: one response each).
  ///   - idempotencyKey: the request's `Idempotency-Key` (IETF draft-ietf-httpapi-idempotency-key-
  ///     header), if any: each `bookTrips` and `cancelTrip` of the request then runs at most once
  ///     per user and key within a day, and a resend gets the recorded answer
  ///     (`IDEMPOTENCY_KEY_REUSED` when the key was used for a different request). Default none.
  ///   - client: the client's network address, for the per-address login rate (`RATE_LIMITED`);
  ///     default none: not limited.
  /// - Returns: the response as JSON text, its errors, how it ended and which operation ran: an
  ///   executed request whose errors say the database was away is `.unavailable`, one that reused
  ///   an idempotency key `.conflict`, a refused login `.rateLimited`, in that order.
  public func process(
    _ request: GraphQLRequest, authorization: String?, admission: OperationAdmission = .singleResponse,
    idempotencyKey: String? = nil, client: String? = nil
  ) -> GraphQLResponse {
    var response = processor.process(
      request,
      context: ResolverContext(
        environment: environment, authorization: authorization, idempotencyKey: idempotencyKey, client: client
      ),
      admission: admission)
    if response.outcome == .executed, !response.errors.isEmpty {
      response.outcome = Self.outcome(of: response.errors)
    }
    return response
  }

  /// How an executed request ended, from the codes of its errors.
  static func outcome(of errors: [GraphQLError]) -> GraphQLResponse.Outcome {
    if errors.contains(where: { $0.code == APIError.serviceUnavailableCode }) { return .unavailable }
    if errors.contains(where: { $0.code == APIError.idempotencyKeyReusedCode }) { return .conflict }
    for error in errors where error.code == APIError.rateLimitedCode {
      if case .int(let seconds)? = error.extensions?["retryAfter"] {
        return .rateLimited(retryAfterSeconds: seconds)
      }
    }
    return .executed
  }

  /// The `tripsBooked` events committed after event `id` (nil: from now on), from this process
  /// and every other one using the same database, in commit order; see ``TripEventFeed``.
  ///
  /// - Parameters:
  ///   - id: the last event id the subscriber saw; missed events are replayed from the log.
  ///   - capacity: events waiting for the subscriber before the feed pauses it (it then catches
  ///     up from the log once it reads on).
  /// - Throws: ``BookingStoreError`` when `id` is nil and the database cannot be read.
  public func tripEvents(after id: Int? = nil, capacity: Int = TripEventFeed.defaultCapacity) throws
    -> SubscriptionStream<TripEvent>
  {
    try environment.store.events.subscribe(after: id, capacity: capacity)
  }

  /// The static cost of a request under this backend's cost model (nil when the document does
  /// not parse or validate); requests above `BackendLimits.maxCost` are refused with it.
  public func cost(of request: GraphQLRequest) -> Int? {
    processor.cost(query: request.query, operationName: request.operationName, variables: request.variables)
  }

  /// The highest static cost of a query that ``isKnownCheap(_:)`` calls cheap: the program's
  /// `LaunchList` at its largest page (100 launches with mission, rocket and `isBooked`: 904;
  /// a page of 20 costs 204 and runs in about 0.06 ms).
  public static let cheapQueryCost = 1000

  /// Whether `request` is a query known from earlier requests to be cheap (its document cached
  /// and valid, its static cost remembered and at most ``cheapQueryCost``); asks the caches
  /// only. A server may run it on the thread that read it instead of handing it to another.
  public func isKnownCheap(_ request: GraphQLRequest) -> Bool {
    processor.isKnownCheap(request, maxCost: Self.cheapQueryCost)
  }

  /// The syntax error or the validation errors of `query` against the schema (empty when it is
  /// valid), without running it; the document is cached as a request's would be. Nil on a server
  /// that runs only its trusted documents: it looks at no other text.
  public func validationErrors(of query: String) -> [GraphQLError]? {
    if processor.persistedOperations.trustedOnly { return nil }
    let document = processor.document(for: query)
    switch document.parsed {
    case .failure(let error): return [error]
    case .success: return document.validationErrors
    }
  }

  /// Closes the booking database. Requests after this get internal errors.
  public func close() {
    pruner?.close()
    environment.store.close()
  }
}
