import GraphQL
import GraphQLWire
import HTTPServer

/// What the HTTP server runs requests against: any GraphQL backend, which need know nothing of
/// HTTP.
///
/// Implementation requirements:
/// - `execute` is called concurrently from several libmicrohttpd threads, outside any Swift
///   concurrency context, and must not block on work that needs one (no waiting on tasks that
///   may be scheduled on a busy cooperative pool).
/// - Say faithfully how the request ended (`GraphQLResponse.outcome`): the status code depends
///   on it (`HTTPStatusTable`). An engine pipeline's response says it already; a service whose
///   resolvers report a database away, a reused idempotency key or a rate sets it from them.
/// - Throw only for failures the client cannot fix; the server answers those with a generic
///   500 and never shows the error to the client.
public protocol GraphQLService: Sendable {
  /// Runs one request synchronously on the calling thread.
  ///
  /// - Parameters:
  ///   - request: the type-checked request parameters.
  ///   - authorization: the raw `Authorization` header, if any (bare token or `Bearer <token>`).
  ///   - allowMutations: false for GET requests: a mutation must then not run, and the outcome
  ///     must be `.operationNotAllowed` (with the operation type `.mutation`).
  /// - Returns: the encoded response and how the request ended.
  /// - Throws: any error for an internal failure; the client gets a generic 500.
  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLResponse

  /// ``execute(_:authorization:allowMutations:)`` for a request that carried an
  /// `Idempotency-Key` header (IETF draft-ietf-httpapi-idempotency-key-header): a service that
  /// honours it runs the request's changes at most once per caller and key, and answers a resend
  /// as it answered the first. The default ignores the key.
  ///
  /// - Parameter idempotencyKey: the key, unquoted (nil when the request had none).
  func execute(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String?, allowMutations: Bool
  ) throws -> GraphQLResponse

  /// This service for the requests of the network address `client` (the peer of their
  /// connection), for limits kept per client, whichever transport carries them; the default is
  /// the service itself.
  func serving(client: String) -> any GraphQLService

  /// Starts an operation for a transport that can stream (WebSocket, multipart, SSE): a query or
  /// mutation runs at once (`.single`), a valid subscription returns its event stream.
  /// Called from any thread, possibly inside a Swift task.
  ///
  /// The default runs the request through `execute` (so a service without subscriptions refuses
  /// them as it does over plain HTTP).
  func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart

  /// Starts a query or mutation whose `@defer`/`@stream` are honoured (graphql-js 17's incremental
  /// delivery), its payloads in `format`; nil when the service does not deliver incrementally or
  /// the operation is a subscription (the transport then calls `start`). The first payload has
  /// `hasNext` false when it is the whole (ordinary) answer. Called from any thread.
  ///
  /// The default returns nil.
  func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
    -> AsyncStream<IncrementalPayload>?

  /// Whether a WebSocket connection may use `authorization`, given in its `connection_init`
  /// payload; false closes it with 4403 Forbidden. The default accepts every value.
  func accepts(authorization: String) -> Bool

  /// Whether `request` is known to run in well under a millisecond (a cached query of small
  /// cost, say, on a backend that does not wait on a network): the server then runs it on the
  /// thread that read it, sparing the hand-off to an execution thread, while such requests stay
  /// as brief as promised (`HTTPServerConfiguration.briefAnswerMilliseconds`). Called on the
  /// server's I/O threads for every request, so it must itself be quick and never block. The
  /// default says no.
  func isBrief(_ request: GraphQLRequest) -> Bool

  /// The errors of parsing and validating `query` against the schema, without executing it
  /// (empty when it is valid), for the explorer's checks as one types; nil when the service does
  /// not offer this (default).
  func validationErrors(of query: String) -> [GraphQLError]?
}

extension GraphQLService {
  /// Runs the request through `execute`; a failure is a generic internal error, `.refused`.
  public func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart {
    do {
      return .single(try execute(request, authorization: authorization, allowMutations: true))
    } catch {
      return .single(
        GraphQLResponse(
          outcome: .refused, operationType: nil, operationName: nil, errors: [],
          body: BufferedResponse.internalError(.json).body))
    }
  }

  /// Runs the request through ``execute(_:authorization:allowMutations:)``, ignoring the key.
  public func execute(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String?, allowMutations: Bool
  ) throws -> GraphQLResponse {
    try execute(request, authorization: authorization, allowMutations: allowMutations)
  }

  public func serving(client: String) -> any GraphQLService { self }

  /// Delivers nothing incrementally.
  public func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
    -> AsyncStream<IncrementalPayload>?
  { nil }

  /// Accepts every credential.
  public func accepts(authorization: String) -> Bool { true }

  /// Runs every request on an execution thread.
  public func isBrief(_ request: GraphQLRequest) -> Bool { false }

  /// Offers no validation alone.
  public func validationErrors(of query: String) -> [GraphQLError]? { nil }
}
