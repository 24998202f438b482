import GraphQLWire

/// The results of one subscription as the server sends them: each element is an
/// `ExecutionResult` object (`{"data": ...}`, possibly with `errors`).
///
/// The stream finishes when the server completes the subscription, and throws
/// ``RocketClientError`` when the connection is lost part way (`.transport`, unreachable) or the
/// server ends the operation with errors (`.server`). Stopping the iteration (or cancelling the
/// reading task) ends the subscription and closes its connection.
public typealias SubscriptionResults = AsyncThrowingStream<JSON, any Error>

/// Carries one GraphQL subscription to a server and brings back its results as they come.
///
/// Conformers: ``InProcessSubscriptionTransport`` (the embedded backend),
/// ``MultipartSubscriptionTransport`` (Apollo's HTTP multipart subscriptions),
/// ``WebSocketSubscriptionTransport`` (graphql-transport-ws or the legacy graphql-ws) and
/// ``HTTPSubscriptionTransport`` (multipart, falling back to a WebSocket).
///
/// Implementation requirements: `subscribe` returns only once the server has accepted the
/// subscription (so a caller can tell "never connected" from "connection lost"), throws
/// ``RocketClientError`` (unreachable for a failed connection, `.server` for a document the
/// server refused, `.cancelled` when the task is cancelled); safe to call from many tasks.
public protocol SubscriptionTransport: Sendable {
  /// Starts the subscription `request` (its `Authorization` header identifies the caller).
  ///
  /// - Returns: the results, as they arrive.
  /// - Throws: ``RocketClientError`` when the subscription could not be started.
  func subscribe(_ request: OutgoingRequest) async throws(RocketClientError) -> SubscriptionResults
}

extension GraphQLError {
  /// The errors in `value` (a response's or a protocol message's `errors` array), for
  /// ``RocketClientError/server(errors:)``; one placeholder error when there are none.
  static func list(_ value: JSON?) -> [GraphQLError] {
    let errors = (value?.arrayValue ?? []).map(GraphQLError.init(responseJSON:))
    return errors.isEmpty ? [GraphQLError("the server ended the subscription with an error")] : errors
  }
}
