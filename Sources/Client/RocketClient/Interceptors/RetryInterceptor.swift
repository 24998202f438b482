/// Sends a query once more when its connection dropped before the answer came.
///
/// A kept-alive connection may be closed by the server just as a request goes out; the query is
/// then worth one more try on a fresh connection. A mutation is never retried: the server may
/// have acted on it already. Only `connectionLost` counts (a reset, a truncated body); a refused
/// connection or a timeout would fail the same way again.
///
/// A plain value: safe to share between tasks.
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
