/// A router around another for one of the server's own concerns (request ids, probes,
/// compression, the access log, request metrics), as Hummingbird's middleware: it sees each
/// request's head and `HTTPExchange` on the way in, may answer it itself or change the answer
/// on the way out, and hears of the request's end. `HTTPServer` wraps them around its router;
/// what a middleware does not handle goes to `inner` unchanged.
protocol HTTPMiddleware: HTTPRouter {
  /// The router it wraps.
  var inner: any HTTPRouter { get }
}

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
