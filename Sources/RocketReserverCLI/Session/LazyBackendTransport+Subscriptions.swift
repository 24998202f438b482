import LaunchBackend
import RocketClient

extension LazyBackendTransport: SubscriptionTransport {
  /// Runs the subscription on the embedded backend, whose event feed follows the commits of
  /// every process using the same database (a `book` in another terminal, a `serve`).
  func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults {
    let backend = try openBackend()
    let transport = InProcessSubscriptionTransport { request, authorization in
      switch backend.start(request, authorization: authorization) {
      case .single(let response): .single(response.body)
      case .stream(let results): .stream(results)
      }
    }
    return try await transport.subscribe(request)
  }
}
