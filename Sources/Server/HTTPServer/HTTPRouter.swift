/// What a server runs: decides how each request is answered, and says what the server's own
/// answers (limits, malformed heads, shutting down) look like.
///
/// A router may wrap another (`MetricsRouter(wrapping:)`): the server's own concerns (request
/// ids, probes, compression, the access log, request metrics) are such wrappers, in
/// `Middleware/`, around the router it is given. They use the requirements that see the
/// request's `HTTPExchange`; a router that needs none of that implements `route(_:)`, `error`,
/// `commonHeaders`, `starting` and `stopping` only.
///
/// Implementation requirements: `route` is called on libmicrohttpd's threads, concurrently, and
/// must be quick (anything slow belongs in a `compute` or `stream` responder, which run on the
/// fair executor).
package protocol HTTPRouter: Sendable {
  /// How to answer a request, from its head (valid only during the call).
  func route(_ head: some HTTPRequestHead) -> HTTPResponder
  /// The same, with the server's record of the request (default: `route(head)`).
  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder
  /// The server's own answer with `status` and `message` (431, 400, 503, ...).
  func error(_ status: Int, _ message: String) -> BufferedResponse
  /// The server's own answer to the request of `exchange`, which the router may not have seen
  /// (its head was refused) (default: `error(status, message)`).
  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse
  /// Header fields every buffered and streamed answer carries (such as CORS's
  /// `Access-Control-Allow-Origin`).
  var commonHeaders: [HTTPHeaderField] { get }
  /// Whether the server is draining before it stops: answers then ask clients to close their
  /// connections, and reconnect (to another server, behind a load balancer) (default false).
  var isDraining: Bool { get }
  /// The request is over: its answer went out, or its connection closed first (default:
  /// nothing).
  func completed(_ exchange: HTTPExchange)
  /// Called as the server starts; a throw stops it from starting.
  func starting() throws(HTTPServerError)
  /// Called when a graceful stop begins, after the server stopped accepting connections (and
  /// when it could not start after `starting`): end what the router keeps of upgraded
  /// connections. Blocks until they ended.
  func stopping()
}

extension HTTPRouter {
  package func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    route(head)
  }

  package func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse {
    error(status, message)
  }

  package var isDraining: Bool { false }

  package func completed(_ exchange: HTTPExchange) {}
}
