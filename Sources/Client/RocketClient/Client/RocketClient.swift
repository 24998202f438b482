import GraphQLAPI
import GraphQLWire

/// Sends generated operations to one server through the ``RequestChain`` of interceptors (the
/// caller's, then ``AuthorizationInterceptor``) and the transport, and decodes the answers into
/// the operation's `Data`. Cancelling the calling task cancels the request. A plain value.
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
  ///   - credentials: the token store (nil: every request is anonymous and login is not saved).
  ///   - interceptors: steps run before the authorization step, outermost first.
  ///   - cache: the normalized cache: a ``CacheInterceptor`` then runs between `outerInterceptors`
  ///     and `interceptors`, partitioned by endpoint and user.
  ///   - outerInterceptors: steps run before the cache, so they see answers it gives (`--json`).
  ///   - innerInterceptors: steps run last, after authorization (`--trace`).
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

  /// Runs a query, from the cache as `cachePolicy` allows when the client has one.
  ///
  /// - Throws: ``RocketClientError``: `.transport` when the server cannot be reached, `.notLoggedIn`
  ///   when the server wants a login, `.decoding` for a response of the wrong shape, `.cancelled`,
  ///   `.notCached` for cache-only when the cache cannot answer.
  public func fetch<Query: GraphQLQuery>(
    _ query: Query, cachePolicy: CachePolicy = .networkFirst, context: (any RequestContext)? = nil
  ) async throws(RocketClientError) -> GraphQLResult<Query.Data> {
    try await send(query, cachePolicy: cachePolicy, context: context)
  }

  /// Runs a mutation; `idempotencyKey` goes as the `Idempotency-Key` header (the same for every
  /// attempt of one change, so a server honouring it makes the change once).
  public func perform<Mutation: GraphQLMutation>(
    _ mutation: Mutation, idempotencyKey: String? = nil, context: (any RequestContext)? = nil
  ) async throws(RocketClientError) -> GraphQLResult<Mutation.Data> {
    try await send(mutation, context: context, idempotencyKey: idempotencyKey)
  }

  /// Sends a request no generated operation expresses (the introspection query of `schema`)
  /// through the same chain, and returns the response body undecoded.
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
