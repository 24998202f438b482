import GraphQL

/// The embedded launch-booking API: the schema of `Operations/schema.graphqls`, its resolvers,
/// the launch catalog and the booking store, behind one entry point,
/// ``handle(query:operationName:variables:authorization:operationPolicy:)``, that the in-process
/// transport and the HTTP server both call.
///
/// Thread safety: `Sendable`; `handle` may be called from any number of threads at once, outside
/// any Swift concurrency context (it never suspends). Each call runs one request synchronously on
/// the calling thread.
public final class LaunchBackend: Sendable {
  let environment: BackendEnvironment
  let processor: GraphQLRequestProcessor<RequestContext>
  /// Subscription answers shared by identical subscriptions for the same event.
  let subscriptionAnswers = SubscriptionAnswers()

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
  /// - Throws: ``CatalogError`` or `SchemaValidationError` if the embedded catalog or schema is
  ///   broken (the test suite guards against both).
  public init(
    store: any BookingStore, limits: BackendLimits = BackendLimits(),
    reportInternalError: @escaping @Sendable (any Error) -> Void = { _ in },
    tripsBookedChanged: @escaping @Sendable (Int) -> Void = { _ in }
  ) throws {
    let schema = try buildSchema(EmbeddedResources.schemaSDL)
    let catalog = try LaunchCatalog.embedded
    environment = BackendEnvironment(
      launches: LaunchIndex(catalog: catalog), store: store, reportInternalError: reportInternalError,
      tripsBookedChanged: tripsBookedChanged)
    processor = GraphQLRequestProcessor(
      schema: ExecutableSchema(
        schema: schema, resolvers: LaunchAPIResolvers.all, typed: LaunchAPIResolvers.typed),
      limits: limits.requestLimits(launchCount: catalog.count))
  }

  /// Runs one GraphQL request for the caller named by `authorization`, synchronously on the
  /// calling thread.
  ///
  /// Never throws: every failure is in the response, with `extensions.code` as API.md's table
  /// says. Parse, validation, operation-resolution and variable errors come from the engine's
  /// pipeline without `data` (the parsed and validated document is cached by query text);
  /// `BAD_USER_INPUT`, `UNAUTHENTICATED` and `INTERNAL_SERVER_ERROR` come from the resolvers, with
  /// `data`. Which operation types may run is the transport's decision (`operationPolicy`,
  /// GraphQLHTTP's `OperationAdmission`): a refused one ends as `.operationNotAllowed`.
  ///
  /// - Parameters:
  ///   - query: the document text.
  ///   - operationName: the operation to run; nil when the document has exactly one.
  ///   - variables: the variable values, nil for none.
  ///   - authorization: the raw `Authorization` header: a bare token or `Bearer <token>`; nil,
  ///     unknown or forged means an anonymous caller.
  ///   - operationPolicy: the transport's refusal of an operation type (nil: it may run).
  /// - Returns: the response (`result`, ready to encode), how far the request got (`outcome`) and
  ///   the selected operation's type.
  public func handle(
    query: String, operationName: String? = nil, variables: JSONObject? = nil, authorization: String?,
    operationPolicy: (OperationType) -> GraphQLError?
  ) -> ProcessedRequest {
    let context = RequestContext(environment: environment, authorization: authorization)
    return processor.processSync(
      query: query, operationName: operationName, variables: variables, context: context,
      operationPolicy: operationPolicy)
  }

  /// Runs one request: the entry point both the in-process transport and the HTTP server use.
  ///
  /// - Parameters:
  ///   - request: the document, operation name and variables.
  ///   - authorization: the `Authorization` header (a bare token or `Bearer <token>`), nil when anonymous.
  ///   - operationPolicy: the transport's refusal of an operation type (nil: it may run).
  public func handle(
    _ request: GraphQLRequest, authorization: String?, operationPolicy: (OperationType) -> GraphQLError?
  )
    -> ProcessedRequest
  {
    handle(
      query: request.query, operationName: request.operationName, variables: request.variables,
      authorization: authorization, operationPolicy: operationPolicy)
  }

  /// `handle(_:authorization:operationPolicy:)` for servers: the same outcome and the same response
  /// bytes, written while executing, plus the name of the operation that ran.
  public func handleEncoded(
    _ request: GraphQLRequest, authorization: String?, operationPolicy: (OperationType) -> GraphQLError?
  )
    -> EncodedResponse
  {
    let context = RequestContext(environment: environment, authorization: authorization)
    return processor.processSyncEncoded(
      query: request.query, operationName: request.operationName, variables: request.variables,
      context: context, operationPolicy: operationPolicy)
  }

  /// `handleEncoded(_:authorization:operationPolicy:)` for the HTTP server, which also needs to
  /// know whether the database was unreachable (it then answers 503).
  ///
  /// - Returns: the encoded response, and whether a field failed with `SERVICE_UNAVAILABLE`.
  public func serve(
    _ request: GraphQLRequest, authorization: String?, operationPolicy: (OperationType) -> GraphQLError?
  )
    -> (response: EncodedResponse, databaseUnavailable: Bool)
  {
    let context = RequestContext(environment: environment, authorization: authorization)
    let response = processor.processSyncEncoded(
      query: request.query, operationName: request.operationName, variables: request.variables,
      context: context, operationPolicy: operationPolicy)
    return (response, context.databaseWasUnavailable)
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

  /// Closes the booking database. Requests after this get internal errors.
  public func close() {
    environment.store.close()
  }
}
