/// The interceptors a request has still to pass, then the transport (apollo-ios's
/// `RequestChain`, with async calls); the response travels back through them in reverse order.
public struct RequestChain: Sendable {
  private let interceptors: ArraySlice<any RequestInterceptor>
  private let transport: any NetworkTransport

  /// A chain running `interceptors` (outermost first), then `transport`.
  public init(interceptors: [any RequestInterceptor], transport: any NetworkTransport) {
    self.interceptors = interceptors[...]
    self.transport = transport
  }

  private init(rest: ArraySlice<any RequestInterceptor>, transport: any NetworkTransport) {
    interceptors = rest
    self.transport = transport
  }

  /// Hands `request` to the next interceptor, or to the transport after the last.
  public func proceed(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse {
    if Task.isCancelled { throw RocketClientError.cancelled }
    guard let next = interceptors.first else {
      return try await transport.send(request)
    }
    return try await next.intercept(
      request, chain: RequestChain(rest: interceptors.dropFirst(), transport: transport))
  }
}
