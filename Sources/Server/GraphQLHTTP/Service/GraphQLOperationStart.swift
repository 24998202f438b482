import GraphQL
import GraphQLWire

/// How an operation sent over a streaming transport (a WebSocket, a multipart or SSE response)
/// begins: a query or mutation answers once; a subscription streams.
public enum GraphQLOperationStart: Sendable {
  /// One answer: a query's or mutation's result, or the errors of a request that cannot run.
  case single(GraphQLResponse)
  /// An accepted subscription: one encoded `ExecutionResult` per event, with its id when events
  /// have ids (SSE's `id:`, which comes back as `extensions.resumeAfter`). The server pulls only
  /// as fast as the client reads, so the service keeps what it has not pulled (an event log);
  /// when the consumer stops iterating, it must release the subscription.
  case stream(SubscriptionStream<SubscriptionResult>)
}
