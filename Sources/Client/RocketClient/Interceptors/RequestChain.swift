/// The interceptors a request has still to pass, then the transport: what an interceptor calls
/// to pass its request on (apollo-ios's `RequestChain`, with async calls instead of callbacks).
///
/// The response travels back through the same interceptors in reverse order, so each sees both.
/// A plain value: safe to share between tasks.
public struct RequestChain: Sendable {
  private let interceptors: ArraySlice<any RequestInterceptor>
  private let transport: any NetworkTransport

  /// A chain running `interceptors` in order, then `transport`.
  ///
  /// - Parameters:
  ///   - interceptors: the steps, outermost first.
  ///   - transport: what sends the request at the end.
  public init(interceptors: [any RequestInterceptor], transport: any NetworkTransport) {
    self.interceptors = interceptors[...]
    self.transport = transport
  }

  private init(rest: ArraySlice<any RequestInterceptor>, transport: any NetworkTransport) {
    interceptors = rest
    self.transport = transport
  }

  /// Hands `request` to the next interceptor, or to the transport after the last.
  ///
  /// - Returns: the response from the rest of the chain.
  /// - Throws: ``RocketClientError``; `.cancelled` when the task is cancelled.
  public func proceed(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    if Task.isCancelled { throw RocketClientError.cancelled }
    guard let next = interceptors.first else {
      return try await transport.send(request)
    }
    return try await next.intercept(
      request, chain: RequestChain(rest: interceptors.dropFirst(), transport: transport))
  }
}
