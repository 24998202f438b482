/// Counts each request in the HTTP metrics once it is over (`HTTPMetrics.completed`): by
/// status, its duration, the bytes received; nothing without metrics. What only the server sees
/// as it happens (body bytes as they go out, the executor's waits, connection and stream levels)
/// the server counts itself.
struct RequestMetricsRouter<Inner: HTTPRouter>: HTTPMiddleware {
  let metrics: HTTPMetrics?
  let inner: Inner

  init(metrics: HTTPMetrics?, wrapping inner: Inner) {
    self.metrics = metrics
    self.inner = inner
  }

  func completed(_ exchange: HTTPExchange) {
    metrics?.completed(exchange)
    inner.completed(exchange)
  }
}
