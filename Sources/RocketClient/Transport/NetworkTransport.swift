import GraphQL

/// Carries one GraphQL request to a server and brings back its JSON response.
///
/// Conformers: ``InProcessTransport`` (the embedded backend) and ``HTTPTransport`` (any server
/// of the API over GraphQL over HTTP). ``RocketClient`` adds the auth header and decodes the data.
///
/// Implementation requirements:
/// - Return the response body as JSON whatever the transport's own status (an HTTP 400 with a
///   GraphQL body is a response, not a failure).
/// - Throw ``RocketClientError`` only: `.transport` for a failed exchange (naming the endpoint),
///   `.invalidResponse` for a body that is not a GraphQL response, `.cancelled` when the calling
///   task is cancelled (return promptly then, even if the work cannot be stopped).
/// - Be safe to call from many tasks at once.
public protocol NetworkTransport: Sendable {
  /// Sends `request`, with `authorization` as the `Authorization` value when it is not nil.
  ///
  /// - Parameters:
  ///   - request: the GraphQL request.
  ///   - authorization: the header value (a bare token), or nil for an anonymous request.
  /// - Returns: the response body: an object with `data` and/or `errors`.
  /// - Throws: ``RocketClientError``.
  func send(_ request: GraphQLRequest, authorization: String?) async throws(RocketClientError) -> JSON
}
