import GraphQLAPI
import GraphQLWire

extension RocketClient {
  /// Starts a generated subscription and decodes each result into its `Data`, as
  /// ``fetch(_:cachePolicy:context:)`` decodes a query's answer.
  ///
  /// ```swift
  /// for try await result in try await client.results(of: TripsBookedSubscription(), via: transport) {
  ///   print(result.data?.tripsBooked ?? 0)
  /// }
  /// ```
  ///
  /// - Parameters:
  ///   - operation: a generated subscription.
  ///   - headers: extra header fields, as for ``subscribe(_:headers:via:)``.
  ///   - transport: how the subscription reaches the server.
  /// - Returns: the results as they arrive; the stream throws ``RocketClientError`` for a result
  ///   that does not decode (`.decoding`) and whatever the transport's stream throws. Stopping the
  ///   iteration ends the subscription.
  /// - Throws: ``RocketClientError`` when the subscription cannot be started.
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
