import GraphQL
import GraphQLWire
import HTTPServer

/// What the HTTP server runs requests against: any GraphQL backend, which knows nothing of HTTP.
///
/// Implementation requirements: `execute` is called concurrently, outside any Swift concurrency
/// context, and must not wait on tasks; the response's `outcome` decides the status
/// (`HTTPStatusTable`); a throw (only for failures the client cannot fix) becomes a generic 500.
public protocol GraphQLService: Sendable {
  /// Runs one request synchronously, with the raw `Authorization` header; without
  /// `allowMutations` (GET) a mutation must not run and ends `.operationNotAllowed`.
  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLResponse

  /// ``execute(_:authorization:allowMutations:)`` with the request's `Idempotency-Key` (unquoted):
  /// a service that honours it runs the changes at most once per caller and key, answering a
  /// resend as the first. The default ignores the key.
  func execute(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String?, allowMutations: Bool
  ) throws -> GraphQLResponse

  /// This service for the requests of the network address `client`, for limits kept per client
  /// (default: itself).
  func serving(client: String) -> any GraphQLService

  /// Starts an operation for a transport that can stream: a query or mutation runs at once
  /// (`.single`), a subscription returns its events. The default runs `execute`.
  func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart

  /// Starts a query or mutation honouring `@defer`/`@stream`, its payloads in `format`; nil (the
  /// default) for a subscription or a service that does not (the transport then calls `start`).
  func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
    -> AsyncStream<IncrementalPayload>?

  /// Whether a WebSocket may use the credential of its `connection_init` (false: 4403 Forbidden).
  func accepts(authorization: String) -> Bool

  /// Whether `request` is known to run in well under a millisecond, so the server may run it on
  /// the thread that read it (`briefAnswerMilliseconds`). Called for every request on the I/O
  /// threads: quick, never blocking (default false).
  func isBrief(_ request: GraphQLRequest) -> Bool

  /// The errors of validating `query` without executing it (empty when valid); nil (default)
  /// when the service does not offer this.
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

  public func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
    -> AsyncStream<IncrementalPayload>?
  { nil }

  public func accepts(authorization: String) -> Bool { true }

  public func isBrief(_ request: GraphQLRequest) -> Bool { false }

  public func validationErrors(of query: String) -> [GraphQLError]? { nil }
}
