import Foundation
import GraphQL
import GraphQLHTTP
import GraphQLWire
import HTTPServer
import LaunchBackend

/// The embedded backend served over HTTP by the real `GraphQLHTTPServer` on 127.0.0.1, port 0:
/// what `rocket-reserver serve` runs.
final class BackendHTTPServer: Sendable {
  private let server: GraphQLHTTPServer
  /// The endpoint, such as `http://127.0.0.1:41234/graphql`.
  let endpoint: URL

  /// Starts serving `backend`; `observe` sees each request's `Authorization` value.
  init(backend: LaunchBackend, observe: (@Sendable (String?) -> Void)?) throws {
    server = GraphQLHTTPServer(
      service: BackendService(backend: backend, observe: observe),
      configuration: .init(threads: 2, drainTimeoutSeconds: 1), accessLog: DiscardingAccessLog())
    try server.start(host: "127.0.0.1", port: 0)
    guard let text = server.endpoint, let url = URL(string: text) else {
      throw CocoaError(.featureUnsupported)
    }
    endpoint = url
  }

  deinit { server.stop() }
}

/// Adapts `LaunchBackend.handle` to the server's `GraphQLService`.
private struct BackendService: GraphQLService {
  let backend: LaunchBackend
  let observe: (@Sendable (String?) -> Void)?

  func execute(_ request: GraphQLRequest, authorization: String?, allowMutations: Bool) throws
    -> GraphQLResponse
  {
    observe?(authorization)
    return backend.process(
      request, authorization: authorization, admission: .http(allowMutations: allowMutations))
  }
}
