/// How an operation sent over a streaming transport (a WebSocket, a multipart or SSE response)
/// begins: a query or mutation answers once; a subscription streams.
public enum GraphQLOperationStart: Sendable {
  /// One answer: a query's or mutation's result, or the errors of a request that cannot run
  /// (`kind` says which, as for `GraphQLService.execute`).
  case single(GraphQLServiceResult)
  /// A subscription that was accepted: one encoded `ExecutionResult` (`{"data":...}`) per event,
  /// until the stream finishes (the source ended). The consumer stops it by ceasing to iterate;
  /// the service must then release the subscription (`onTermination`).
  case stream(AsyncStream<[UInt8]>)
}
