/// Answers `GET /metrics` with a scrape of `registry`, on libmicrohttpd's thread (never queued
/// behind executions), and hands every other request to `inner` (or answers it 404).
package struct MetricsRouter: HTTPRouter {
  /// Where the scrape is answered.
  package static let path = "/metrics"

  let registry: MetricsRegistry
  let inner: (any HTTPRouter)?

  /// A router of `registry`'s scrape; without `inner` it serves only metrics.
  package init(registry: MetricsRegistry, wrapping inner: (any HTTPRouter)? = nil) {
    self.registry = registry
    self.inner = inner
  }

  package func route(_ head: some HTTPRequestHead) -> HTTPResponder {
    guard head.path == Self.path else {
      if let inner { return inner.route(head) }
      return .respond(error(404, "Not found. This address serves only /metrics."))
    }
    guard head.method == .get || head.method == .head else {
      var refusal = error(405, "Use GET for /metrics.")
      refusal.headers.append(HTTPHeaderField("Allow", "GET, HEAD"))
      return .respond(refusal)
    }
    return .respond(
      BufferedResponse(
        status: 200, contentType: PrometheusText.contentType, body: registry.render(),
        headers: [HTTPHeaderField("Cache-Control", "no-store")]))
  }

  package func error(_ status: Int, _ message: String) -> BufferedResponse {
    inner?.error(status, message)
      ?? BufferedResponse(
        status: status, contentType: "text/plain; charset=utf-8", body: Array((message + "\n").utf8))
  }

  package var commonHeaders: [HTTPHeaderField] { inner?.commonHeaders ?? [] }

  package func starting() throws(HTTPServerError) { try inner?.starting() }

  package func stopping() { inner?.stopping() }
}
