import GraphQLAPI
import GraphQLWire

/// Sends generated operations to one server and returns typed results.
///
/// The path of a request: the ``RequestChain`` of interceptors (the caller's, then
/// ``AuthorizationInterceptor`` adding the token saved for ``endpointKey``), then the transport;
/// the response comes back through the same interceptors, then is decoded into the operation's
/// `Data`. Cancelling the calling task cancels the request.
///
/// For example:
/// ```swift
/// let client = RocketClient(
///   transport: HTTPTransport(endpoint: url), credentials: store, endpointKey: url.absoluteString)
/// let page = try await client.fetch(LaunchListQuery(pageSize: 10)).requireData()
/// ```
///
/// A plain value: safe to share between tasks.
public struct RocketClient: Sendable {
  /// Carries requests to the server.
  public let transport: any NetworkTransport
  /// Where tokens are kept; nil for a client that never logs in.
  public let credentials: (any CredentialStore)?
  /// The server's key in the credential store: ``Credential/embeddedEndpoint`` or the endpoint URL.
  public let endpointKey: String
  /// The steps every request passes through before the transport, outermost first.
  public let interceptors: [any RequestInterceptor]
  /// The normalized cache, when the client has one.
  public let cache: CacheStore?

  /// A client for one server.
  ///
  /// - Parameters:
  ///   - transport: an ``InProcessTransport`` or ``HTTPTransport``.
  ///   - credentials: the token store (nil: every request is anonymous and login is not saved).
  ///   - endpointKey: the server's key in `credentials`.
  ///   - interceptors: steps run before the authorization step, outermost first, such as
  ///     ``LoggingInterceptor``, ``RetryInterceptor`` and ``HeaderInterceptor`` (default none).
  ///   - cache: the normalized cache (default none): a ``CacheInterceptor`` then runs after
  ///     `outerInterceptors` and before `interceptors`, partitioned by endpoint and the user
  ///     logged in there.
  ///   - outerInterceptors: steps run before the cache, so they see answers it gives (the CLI's
  ///     capture for `--json`; default none).
  ///   - innerInterceptors: steps run last, after authorization, so they see the request as the
  ///     transport gets it (the CLI's `--trace`; default none).
  public init(
    transport: any NetworkTransport, credentials: (any CredentialStore)?, endpointKey: String,
    interceptors: [any RequestInterceptor] = [], cache: CacheStore? = nil,
    outerInterceptors: [any RequestInterceptor] = [], innerInterceptors: [any RequestInterceptor] = []
  ) {
    self.transport = transport
    self.credentials = credentials
    self.endpointKey = endpointKey
    self.cache = cache
    var steps: [any RequestInterceptor] = outerInterceptors
    if let cache {
      steps.append(
        CacheInterceptor(cache: cache) { [credentials] in
          Self.partition(endpointKey: endpointKey, credentials: credentials)
        })
    }
    steps += interceptors
    if let credentials { steps.append(AuthorizationInterceptor(credentials: credentials)) }
    steps += innerInterceptors
    self.interceptors = steps
  }

  /// The cache partition of whoever is logged in at `endpointKey`; nil when the store cannot
  /// be read (the user cannot be told, so the cache stays out of it).
  static func partition(endpointKey: String, credentials: (any CredentialStore)?) -> CachePartition? {
    guard let credentials else { return CachePartition(endpoint: endpointKey, user: nil) }
    do {
      return CachePartition(endpoint: endpointKey, user: try credentials.credential(for: endpointKey)?.email)
    } catch {
      return nil
    }
  }

  /// Runs a query.
  ///
  /// - Parameters:
  ///   - query: a generated query.
  ///   - cachePolicy: where the answer may come from when the client has a cache (default
  ///     network-first).
  ///   - context: what this request hands to the interceptors (see ``OutgoingRequest/context``;
  ///     default none).
  /// - Returns: the data (nil when the server sent none) and any GraphQL errors.
  /// - Throws: ``RocketClientError``: `.transport` when the server cannot be reached, `.notLoggedIn`
  ///   when the server wants a login, `.decoding` for a response of the wrong shape, `.cancelled`,
  ///   `.notCached` for cache-only when the cache cannot answer.
  public func fetch<Query: GraphQLQuery>(
    _ query: Query, cachePolicy: CachePolicy = .networkFirst, context: (any RequestContext)? = nil
  ) async throws(RocketClientError) -> GraphQLResult<Query.Data> {
    try await send(query, cachePolicy: cachePolicy, context: context)
  }

  /// Runs a mutation.
  ///
  /// - Parameters:
  ///   - mutation: a generated mutation.
  ///   - idempotencyKey: sent as the `Idempotency-Key` header (IETF
  ///     draft-ietf-httpapi-idempotency-key-header), the same for every attempt of one change, so
  ///     that a server honouring it makes the change once however often it is sent (default none).
  ///   - context: what this request hands to the interceptors (default none).
  /// - Returns: the data (nil when the server sent none) and any GraphQL errors.
  /// - Throws: ``RocketClientError`` as ``fetch(_:cachePolicy:context:)`` does.
  public func perform<Mutation: GraphQLMutation>(
    _ mutation: Mutation, idempotencyKey: String? = nil, context: (any RequestContext)? = nil
  ) async throws(RocketClientError) -> GraphQLResult<Mutation.Data> {
    try await send(mutation, context: context, idempotencyKey: idempotencyKey)
  }

  /// Sends a request that no generated operation expresses (the standard introspection query of
  /// `schema`) through the same chain, and returns the response body undecoded.
  ///
  /// - Parameters:
  ///   - request: the GraphQL request.
  ///   - operationType: its kind (default query; only queries are retried).
  ///   - context: what this request hands to the interceptors (default none).
  /// - Returns: the response body: an object with `data` and/or `errors`.
  /// - Throws: ``RocketClientError`` as ``fetch(_:cachePolicy:context:)`` does, but no decoding
  ///   errors.
  public func execute(
    _ request: GraphQLRequest, operationType: GraphQLOperationType = .query,
    context: (any RequestContext)? = nil
  ) async throws(RocketClientError) -> JSON {
    var outgoing = OutgoingRequest(endpointKey: endpointKey, operation: request, operationType: operationType)
    outgoing.context = context
    return try await run(outgoing)
  }

  func send<Operation: GraphQLOperation>(
    _ operation: Operation, cachePolicy: CachePolicy = .networkFirst, context: (any RequestContext)? = nil,
    storesResult: Bool = true, idempotencyKey: String? = nil
  ) async throws(RocketClientError) -> GraphQLResult<Operation.Data> {
    var request = OutgoingRequest(
      endpointKey: endpointKey, operation: GraphQLRequest(operation), operationType: Operation.operationType)
    if let idempotencyKey { request.headers["Idempotency-Key"] = idempotencyKey }
    request.cachePolicy = cachePolicy
    request.context = context
    request.cacheable = CacheableOperation(operation, storesResult: storesResult)
    let response = try await run(request)
    return try GraphQLResult(
      response: response, operationName: Operation.operationName, endpointKey: endpointKey)
  }

  func run(_ request: OutgoingRequest) async throws(RocketClientError) -> JSON {
    let response = try await RequestChain(interceptors: interceptors, transport: transport).proceed(request)
    // A transport may finish just as the task is cancelled; the caller asked to stop, so stop.
    if Task.isCancelled { throw RocketClientError.cancelled }
    return response.json
  }
}
