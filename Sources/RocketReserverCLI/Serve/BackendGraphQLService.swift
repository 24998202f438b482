import GraphQL
import GraphQLServer
import LaunchBackend

/// Serves the embedded `LaunchBackend` through `GraphQLHTTPServer`: the adapter lives here so that
/// neither module needs to know the other.
struct BackendGraphQLService: GraphQLService {
  /// The API the requests run against.
  let backend: LaunchBackend
  /// Opens the `tripsBooked` event source for one subscription.
  var events: @Sendable () -> AsyncStream<Int> = { AsyncStream { $0.finish() } }

  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLServiceResult
  {
    let response = backend.handleEncoded(
      request, authorization: authorization, allowMutations: allowMutations)
    return GraphQLServiceResult(response, requestedOperationName: request.operationName)
  }

  func start(_ request: GraphQLRequest, authorization: String?) -> GraphQLOperationStart {
    switch backend.start(request, authorization: authorization, events: events) {
    case .single(let response):
      .single(GraphQLServiceResult(response, requestedOperationName: request.operationName))
    case .stream(let results): .stream(results)
    }
  }

  func accepts(authorization: String) -> Bool { backend.isSignedIn(authorization: authorization) }
}
