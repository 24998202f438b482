import GraphQLWire

/// Carries one GraphQL request to a server and brings back its JSON response: the last link of
/// the ``RequestChain``.
///
/// Conformers: ``InProcessTransport`` (the embedded backend) and ``HTTPTransport`` (any server
/// of the API over GraphQL over HTTP). ``RocketClient`` runs the interceptors before it and
/// decodes the data.
///
/// Implementation requirements:
/// - Return the response body as JSON whatever the transport's own status (an HTTP 400 with a
///   GraphQL body is a response, not a failure).
/// - Throw ``RocketClientError`` only: `.transport` for a failed exchange (naming the endpoint),
///   `.invalidResponse` for a body that is not a GraphQL response, `.cancelled` when the calling
///   task is cancelled (return promptly then, even if the work cannot be stopped).
/// - Be safe to call from many tasks at once.
public protocol NetworkTransport: Sendable {
  /// Sends `request` with its header fields (`Authorization` among them when logged in).
  ///
  /// - Parameter request: the GraphQL request and its headers.
  /// - Returns: the response body (an object with `data` and/or `errors`) and what the transport
  ///   knows of the exchange.
  /// - Throws: ``RocketClientError``.
  func send(_ request: OutgoingRequest) async throws(RocketClientError) -> TransportResponse
}
