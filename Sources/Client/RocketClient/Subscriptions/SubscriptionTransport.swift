import GraphQLWire

/// The results of one subscription as the server sends them, each an `ExecutionResult` object.
/// The stream finishes when the server completes the subscription and throws
/// ``RocketClientError`` when the connection is lost or the server ends it with errors; stopping
/// the iteration ends the subscription and closes its connection.
public typealias SubscriptionResults = AsyncThrowingStream<JSON, any Error>

/// Carries one GraphQL subscription to a server and brings back its results as they come.
///
/// Implementation requirements: `subscribe` returns only once the server has accepted the
/// subscription (so "never connected" differs from "connection lost"), throws
/// ``RocketClientError`` (unreachable, `.server` for a refused document, `.cancelled`), and is
/// safe to call from many tasks.
public protocol SubscriptionTransport: Sendable {
  /// Starts the subscription `request` (its `Authorization` header identifies the caller).
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
