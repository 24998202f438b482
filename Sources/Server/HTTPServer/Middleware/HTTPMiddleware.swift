/// A router around another for one of the server's own concerns (request ids, probes,
/// compression, the access log, request metrics), as Hummingbird's middleware: it sees each
/// request's head and `HTTPExchange` on the way in, may answer it itself or change the answer
/// on the way out, and hears of the request's end. `HTTPServer` wraps them around its router;
/// what a middleware does not handle goes to `inner` unchanged.
///
/// Generic over the router it wraps, so that the server's whole chain (`ServerMiddleware`) is one
/// concrete type: each layer calls the next directly, and a layer that is off (no metrics, no
/// compression, no probes) costs a branch, not a call through an existential.
protocol HTTPMiddleware: HTTPRouter {
  associatedtype Inner: HTTPRouter
  /// The router it wraps.
  var inner: Inner { get }
}

/// The server's middleware around the router it was given, outermost first: the access log and
/// the request metrics see every request's end; the request id is taken before anything
/// answers; compression covers the probes' answers too.
typealias ServerMiddleware = AccessLogRouter<
  RequestMetricsRouter<RequestIDRouter<CompressionRouter<HealthProbeRouter<ServedRouter>>>>
>

extension HTTPMiddleware {
  /// Without the server's record of the request a middleware has nothing to act on: the
  /// request goes to `inner` as it is. The server always routes with the record.
  func route(_ head: some HTTPRequestHead) -> HTTPResponder { inner.route(head) }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    inner.route(head, in: exchange)
  }

  func error(_ status: Int, _ message: String) -> BufferedResponse { inner.error(status, message) }

  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse {
    inner.error(status, message, in: exchange)
  }

  var commonHeaders: [HTTPHeaderField] { inner.commonHeaders }

  var isDraining: Bool { inner.isDraining }

  func completed(_ exchange: HTTPExchange) { inner.completed(exchange) }

  func starting() throws(HTTPServerError) { try inner.starting() }

  func stopping() { inner.stopping() }
}

/// The router the server was given, innermost in `ServerMiddleware`: the one call through an
/// existential per requirement.
struct ServedRouter: HTTPRouter {
  let router: any HTTPRouter

  func route(_ head: some HTTPRequestHead) -> HTTPResponder { router.route(head) }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    router.route(head, in: exchange)
  }

  func error(_ status: Int, _ message: String) -> BufferedResponse { router.error(status, message) }

  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse {
    router.error(status, message, in: exchange)
  }

  var commonHeaders: [HTTPHeaderField] { router.commonHeaders }

  var isDraining: Bool { router.isDraining }

  func completed(_ exchange: HTTPExchange) { router.completed(exchange) }

  func starting() throws(HTTPServerError) { try router.starting() }

  func stopping() { router.stopping() }
}
