/// The HTTP server's own families, updated as requests complete (levels are read when scraped,
/// `ServerCore.registerLevels`).
package final class HTTPMetrics: Sendable {
  /// The statuses counted by name; any other is `other`, no answer at all `none`.
  static let statusCodes = [101, 200, 204, 304, 400, 403, 404, 405, 406, 408, 413, 415, 429, 431, 500, 503]

  let requests: CounterFamily
  let duration: HistogramFamily
  let receivedBytes: CounterFamily
  let sentBytes: CounterFamily
  let queueWait: HistogramFamily

  /// Registers the families in `registry`.
  package init(registry: MetricsRegistry) {
    requests = registry.register(
      CounterFamily(
        name: "rocket_reserver_http_requests_total",
        help: "HTTP requests completed, by status code (none: the connection closed before an answer).",
        labels: [("code", Self.statusCodes.map(String.init) + ["other", "none"])]))
    duration = registry.register(
      HistogramFamily(
        name: "rocket_reserver_http_request_duration_seconds",
        help:
          "Time from a request's head to its answer sent, for answers that are not streamed or upgraded."))
    receivedBytes = registry.register(
      CounterFamily(
        name: "rocket_reserver_http_received_bytes_total",
        help: "Bytes of HTTP request heads and bodies received (WebSocket frames not included)."))
    sentBytes = registry.register(
      CounterFamily(
        name: "rocket_reserver_http_sent_bytes_total",
        help:
          "Bytes of HTTP response bodies sent, buffered and streamed (heads and WebSocket frames not included)."
      ))
    queueWait = registry.register(
      HistogramFamily(
        name: "rocket_reserver_executor_queue_wait_seconds",
        help: "Time computed answers (GraphQL executions) waited in the fair executor's queues for a thread.")
    )
  }

  /// The position of `status` in the `code` label's values.
  @inline(__always)
  static func statusPosition(_ status: Int?) -> Int {
    guard let status else { return statusCodes.count + 1 }
    switch status {
    case 200: return 1
    case 101: return 0
    default: return statusCodes.firstIndex(of: status) ?? statusCodes.count
    }
  }

  func completed(_ exchange: HTTPExchange) {
    requests.add(at: Self.statusPosition(exchange.status))
    receivedBytes.add(exchange.receivedBytes)
    if !exchange.longLived { duration.observe(ContinuousClock.now - exchange.started) }
  }
}
