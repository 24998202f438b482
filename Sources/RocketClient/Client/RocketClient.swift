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

  /// A client for one server.
  ///
  /// - Parameters:
  ///   - transport: an ``InProcessTransport`` or ``HTTPTransport``.
  ///   - credentials: the token store (nil: every request is anonymous and login is not saved).
  ///   - endpointKey: the server's key in `credentials`.
  ///   - interceptors: steps run before the authorization step, outermost first, such as
  ///     ``LoggingInterceptor``, ``RetryInterceptor`` and ``HeaderInterceptor`` (default none).
  public init(
    transport: any NetworkTransport, credentials: (any CredentialStore)?, endpointKey: String,
    interceptors: [any RequestInterceptor] = []
  ) {
    self.transport = transport
    self.credentials = credentials
    self.endpointKey = endpointKey
    var steps: [any RequestInterceptor] = []
    if let credentials { steps.append(AuthorizationInterceptor(credentials: credentials)) }
    self.interceptors = interceptors + steps
  }

  /// Runs a query.
  ///
  /// - Parameter query: a generated query.
  /// - Returns: the data (nil when the server sent none) and any GraphQL errors.
  /// - Throws: ``RocketClientError``: `.transport` when the server cannot be reached, `.notLoggedIn`
  ///   when the server wants a login, `.decoding` for a response of the wrong shape, `.cancelled`.
  public func fetch<Query: GraphQLQuery>(
    _ query: Query
  ) async throws(RocketClientError) -> GraphQLResult<Query.Data> {
    try await send(query)
  }

  /// Runs a mutation.
  ///
  /// - Parameter mutation: a generated mutation.
  /// - Returns: the data (nil when the server sent none) and any GraphQL errors.
  /// - Throws: ``RocketClientError`` as ``fetch(_:)`` does.
  public func perform<Mutation: GraphQLMutation>(
    _ mutation: Mutation
  ) async throws(RocketClientError) -> GraphQLResult<Mutation.Data> {
    try await send(mutation)
  }

  /// Sends a request that no generated operation expresses (the standard introspection query of
  /// `schema`) through the same chain, and returns the response body undecoded.
  ///
  /// - Parameters:
  ///   - request: the GraphQL request.
  ///   - operationType: its kind (default query; only queries are retried).
  /// - Returns: the response body: an object with `data` and/or `errors`.
  /// - Throws: ``RocketClientError`` as ``fetch(_:)`` does, but no decoding errors.
  public func execute(
    _ request: GraphQLRequest, operationType: GraphQLOperationType = .query
  ) async throws(RocketClientError) -> JSON {
    try await run(OutgoingRequest(endpointKey: endpointKey, operation: request, operationType: operationType))
  }

  private func send<Operation: GraphQLOperation>(
    _ operation: Operation
  ) async throws(RocketClientError) -> GraphQLResult<Operation.Data> {
    let response = try await run(
      OutgoingRequest(
        endpointKey: endpointKey, operation: GraphQLRequest(operation), operationType: Operation.operationType
      ))
    return try GraphQLResult(
      response: response, operationName: Operation.operationName, endpointKey: endpointKey)
  }

  private func run(_ request: OutgoingRequest) async throws(RocketClientError) -> JSON {
    let response = try await RequestChain(interceptors: interceptors, transport: transport).proceed(request)
    // A transport may finish just as the task is cancelled; the caller asked to stop, so stop.
    if Task.isCancelled { throw RocketClientError.cancelled }
    return response.json
  }
}
