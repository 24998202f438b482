/// Sends a query once more when its connection was lost before the answer came (a kept-alive
/// connection closed by the server just then). A mutation is never retried (the server may have
/// acted on it); a refused connection or a timeout would fail the same way again.
public struct RetryInterceptor: RequestInterceptor {
  /// Creates the interceptor.
  public init() {}

  /// Proceeds, and once more when a query's connection was lost.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    do {
      return try await chain.proceed(request)
    } catch .transport(.connectionLost) where request.operationType == .query && !Task.isCancelled {
      return try await chain.proceed(request)
    }
  }
}
