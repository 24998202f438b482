import GraphQL
import GraphQLHTTP
import GraphQLWire
import LaunchBackend

/// Serves the embedded `LaunchBackend` through `GraphQLHTTPServer`: the adapter lives here so that
/// neither module needs to know the other.
struct BackendGraphQLService: GraphQLService {
  /// The API the requests run against.
  let backend: LaunchBackend
  /// The network address of the client whose requests this serves, for the login rate; nil
  /// when not known.
  var client: String? = nil

  func serving(client: String) -> any GraphQLService {
    BackendGraphQLService(backend: backend, client: client)
  }

  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLServiceResult
  {
    try execute(request, authorization: authorization, idempotencyKey: nil, allowMutations: allowMutations)
  }

  func execute(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String?, allowMutations: Bool
  ) throws -> GraphQLServiceResult {
    try execute(
      request, authorization: authorization, idempotencyKey: idempotencyKey, client: client,
      allowMutations: allowMutations)
  }

  func execute(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String?, client: String?,
    allowMutations: Bool
  ) throws -> GraphQLServiceResult {
    let response = backend.process(
      request, authorization: authorization, admission: .http(allowMutations: allowMutations),
      idempotencyKey: idempotencyKey, client: client ?? self.client)
    var result = GraphQLServiceResult(response, requestedOperationName: request.operationName)
    if response.databaseWasUnavailable {
      result.kind = .serviceUnavailable
    } else if response.idempotencyKeyWasReused {
      result.kind = .unprocessableContent
    } else if let seconds = response.loginRetryAfterSeconds {
      result.kind = .tooManyRequests
      result.retryAfterSeconds = seconds
    }
    return result
  }

  func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart {
    switch backend.start(request, authorization: authorization, client: client) {
    case .single(let response):
      .single(GraphQLServiceResult(response, requestedOperationName: request.operationName))
    case .stream(let results): .stream(results)
    case .refused(let response): .single(GraphQLServiceResult(response, kind: .requestError))
    case .unavailable(let response):
      .single(GraphQLServiceResult(response, kind: .serviceUnavailable))
    }
  }

  func startIncremental(_ request: GraphQLRequest, authorization: String?, format: IncrementalFormat)
    -> AsyncStream<IncrementalPayload>?
  {
    backend.processIncrementally(request, authorization: authorization, format: format, client: client)
  }

  func isBrief(_ request: GraphQLRequest) -> Bool { backend.isKnownCheap(request) }

  func accepts(authorization: String) -> Bool { backend.isSignedIn(authorization: authorization) }

  func validationErrors(of query: String) -> [GraphQLError]? { backend.validationErrors(of: query) }
}

extension GraphQLServiceResult {
  /// The result for `response` classified as `kind`, with its errors.
  fileprivate init(_ response: GraphQLResponse, kind: Kind) {
    self.init(body: response.body, kind: kind, operationName: response.operationName)
    errors = response.errors
  }
}
