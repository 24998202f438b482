import GraphQLWire

/// Carries one GraphQL request to a server and brings back its JSON response: the last link of
/// the ``RequestChain`` (``InProcessTransport``, ``HTTPTransport``).
///
/// Implementation requirements: return the body whatever the transport's own status (an HTTP 400
/// with a GraphQL body is a response); throw only ``RocketClientError`` (`.transport` naming the
/// endpoint, `.invalidResponse`, `.cancelled`, promptly even when the work cannot be stopped); be
/// safe to call from many tasks at once.
public protocol NetworkTransport: Sendable {
  /// Sends `request` with its header fields and returns the response body (an object with `data`
  /// and/or `errors`) and what the transport knows of the exchange.
  func send(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse
}
