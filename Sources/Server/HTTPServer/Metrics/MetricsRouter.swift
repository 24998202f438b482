/// Answers `GET /metrics` with a scrape of `registry`, and hands every other request to the
/// router it wraps (or, on a listener of its own, answers it 404).
///
/// The scrape is answered from the request's head, on libmicrohttpd's thread: it never waits in
/// the fair executor's queues behind an address's GraphQL executions, nor counts against its
/// execution limit. Rendering reads atomics and a few `/proc` files.
package struct MetricsRouter: HTTPRouter {
  /// Where the scrape is answered.
  package static let path = "/metrics"

  let registry: MetricsRegistry
  let inner: (any HTTPRouter)?

  /// - Parameters:
  ///   - registry: what a scrape shows.
  ///   - inner: the router for every other request; nil for a listener that serves only
  ///     metrics.
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
