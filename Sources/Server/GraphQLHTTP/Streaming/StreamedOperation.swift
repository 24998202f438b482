import GraphQL
import GraphQLWire

/// An operation started for a transport that streams (multipart, SSE, a WebSocket), counted in
/// the metrics as it started.
enum StreamedOperation {
  /// One answer: a query's or mutation's, or the errors of a request that cannot run.
  case single(GraphQLResponse)
  /// A query or mutation whose `@defer`/`@stream` are honoured: its payloads.
  case incremental(AsyncStream<IncrementalPayload>)
  /// A subscription: its events, as the client reads them.
  case subscription(SubscriptionStream<SubscriptionResult>)

  /// Starts `request`, incrementally in `incremental` when one is given and the service delivers
  /// so (it runs a query or mutation in full, a subscription once).
  static func start(
    _ request: GraphQLRequest, authorization: String?, service: any GraphQLService,
    incremental: IncrementalFormat?, metrics: GraphQLMetrics?, transport: GraphQLMetrics.Transport
  ) -> StreamedOperation {
    let started = ContinuousClock.now
    if let incremental,
      let payloads = service.startIncremental(request, authorization: authorization, format: incremental)
    {
      metrics?.record(
        .ok, operationName: request.operationName, transport: transport, duration: .now - started)
      return .incremental(payloads)
    }
    switch service.start(request, authorization: authorization) {
    case .single(let result):
      metrics?.record(
        result, operationName: result.operationName ?? request.operationName, transport: transport,
        duration: .now - started)
      return .single(result)
    case .stream(let results):
      metrics?.record(
        .ok, operationName: request.operationName, transport: transport, duration: .now - started)
      return .subscription(results)
    }
  }
}
