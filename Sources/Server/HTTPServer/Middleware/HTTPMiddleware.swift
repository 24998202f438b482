/// A router around another for one of the server's own concerns, as Hummingbird's middleware:
/// what it does not handle goes to `inner` unchanged. Generic over `inner`, so the whole chain
/// (`ServerMiddleware`) is one concrete type and a layer that is off costs a branch, not a call
/// through an existential.
protocol HTTPMiddleware: HTTPRouter {
  associatedtype Inner: HTTPRouter
  /// The router it wraps.
  var inner: Inner { get }
}

/// The server's middleware, outermost first: the request id is taken before anything answers,
/// and compression covers the probes' answers too.
typealias ServerMiddleware = AccessLogRouter<
  RequestMetricsRouter<RequestIDRouter<CompressionRouter<HealthProbeRouter<ServedRouter>>>>
>

extension HTTPMiddleware {
  /// Without the server's record a middleware has nothing to act on (the server always gives it).
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

/// The router the server was given, innermost in `ServerMiddleware`.
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
