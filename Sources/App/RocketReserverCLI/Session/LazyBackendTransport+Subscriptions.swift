import GraphQL
import GraphQLWire
import LaunchBackend
import RocketClient

extension LazyBackendTransport: SubscriptionTransport {
  /// Runs the subscription on the embedded backend, whose event feed follows the commits of
  /// every process using the same database (a `book` in another terminal, a `serve`).
  func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults {
    let backend = try openDatabase()
    let transport = InProcessSubscriptionTransport { request, authorization in
      switch backend.start(request, authorization: authorization) {
      case .single(let response), .unavailable(let response), .refused(let response): .single(response.body)
      case .stream(let results): .stream(AsyncStream(pulling: results))
      }
    }
    return try await transport.subscribe(request)
  }
}

extension AsyncStream where Element == [UInt8] {
  /// A stream that takes each result only when its consumer asks, so back-pressure reaches it.
  init(pulling results: SubscriptionStream<SubscriptionResult>) {
    let iterator = SharedIterator(results.makeAsyncIterator())
    self.init(unfolding: { await iterator.next()?.body })
  }
}

/// One iterator the unfolding closure calls from whichever task asks next.
private final class SharedIterator: @unchecked Sendable {
  // @unchecked: `AsyncStream(unfolding:)` never calls its closure concurrently.
  private var iterator: SubscriptionStream<SubscriptionResult>.AsyncIterator

  init(_ iterator: SubscriptionStream<SubscriptionResult>.AsyncIterator) {
    self.iterator = iterator
  }

  func next() async -> SubscriptionResult? { await iterator.next() }
}
