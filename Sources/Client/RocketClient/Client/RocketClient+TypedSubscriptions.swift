import GraphQLAPI
import GraphQLWire

extension RocketClient {
  /// Starts a generated subscription and decodes each result into its `Data`, as
  /// ``fetch(_:cachePolicy:context:)`` decodes a query's answer; a result that does not decode
  /// ends the stream with `.decoding`. Stopping the iteration ends the subscription.
  public func results<Operation: GraphQLOperation>(
    of operation: Operation, headers: HTTPHeaders = HTTPHeaders(), via transport: any SubscriptionTransport
  ) async throws(RocketClientError) -> AsyncThrowingStream<GraphQLResult<Operation.Data>, any Error> {
    let raw = try await subscribe(operation, headers: headers, via: transport)
    let endpointKey = endpointKey
    return AsyncThrowingStream { continuation in
      continuation.finish {
        for try await response in raw {
          continuation.yield(
            try GraphQLResult(
              response: response, operationName: Operation.operationName, endpointKey: endpointKey))
        }
      }
    }
  }
}
