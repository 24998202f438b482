/// Counts each request in the HTTP metrics once it is over; what only the server sees as it
/// happens (bytes sent, the executor's waits, levels) it counts itself.
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
