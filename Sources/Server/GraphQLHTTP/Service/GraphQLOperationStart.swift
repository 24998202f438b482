import GraphQL
import GraphQLWire

/// How an operation sent over a streaming transport (a WebSocket, a multipart or SSE response)
/// begins: a query or mutation answers once; a subscription streams.
public enum GraphQLOperationStart: Sendable {
  /// One answer: a query's or mutation's result, or the errors of a request that cannot run
  /// (its `outcome` says which, as for `GraphQLService.execute`).
  case single(GraphQLResponse)
  /// A subscription that was accepted: one encoded `ExecutionResult` (`{"data":...}`) per event,
  /// with the event's id when the service's events have ids (SSE sends it as the `id:` line; a
  /// reconnecting client's `Last-Event-ID` then arrives as `extensions.resumeAfter`), until the
  /// stream finishes (the source ended). The server pulls results only as fast as the
  /// client reads them, so a slow client is not sent more than a bounded amount ahead; the
  /// service keeps what it has not pulled (an event log) and must not drop it. The consumer
  /// stops it by ceasing to iterate; the service must then release the subscription.
  case stream(SubscriptionStream<SubscriptionResult>)
}
