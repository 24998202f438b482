import GraphQL
import GraphQLHTTP
import GraphQLWire
import LaunchBackend

/// The embedded `LaunchBackend` as the `GraphQLService` that `GraphQLHTTPServer` runs requests
/// against. The backend's responses say how each request ended, so this only passes the
/// transport's parameters through.
struct LaunchService: GraphQLService {
  /// The API the requests run against.
  let backend: LaunchBackend
  /// The network address of the client whose requests this serves, for the login rate; nil
  /// when not known.
  var client: String? = nil

  func serving(client: String) -> any GraphQLService {
    LaunchService(backend: backend, client: client)
  }

  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) -> GraphQLResponse {
    execute(request, authorization: authorization, idempotencyKey: nil, allowMutations: allowMutations)
  }

  func execute(
    _ request: GraphQLRequest, authorization: String?, idempotencyKey: String?, allowMutations: Bool
  ) -> GraphQLResponse {
    backend.process(
      request, authorization: authorization, admission: .http(allowMutations: allowMutations),
      idempotencyKey: idempotencyKey, client: client)
  }

  func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart {
    switch backend.start(request, authorization: authorization, client: client) {
    case .single(let response), .refused(let response), .unavailable(let response): .single(response)
    case .stream(let results): .stream(results)
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
