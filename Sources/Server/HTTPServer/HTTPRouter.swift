/// What a server runs: decides how each request is answered, and what the server's own answers
/// (limits, malformed heads, shutting down) look like. A router may wrap another, as the
/// server's middleware (`Middleware/`) do, using the requirements that see the `HTTPExchange`.
///
/// `route` is called on libmicrohttpd's threads, concurrently, and must be quick: slow work
/// belongs in a `compute` or `stream` responder.
package protocol HTTPRouter: Sendable {
  /// How to answer a request, from its head (valid only during the call).
  func route(_ head: some HTTPRequestHead) -> HTTPResponder
  /// The same, with the server's record of the request (default: `route(head)`).
  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder
  /// The server's own answer with `status` and `message` (431, 400, 503, ...).
  func error(_ status: Int, _ message: String) -> BufferedResponse
  /// The same, for the request of `exchange`, whose head the router may not have seen.
  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse
  /// Header fields every buffered and streamed answer carries (such as CORS's
  /// `Access-Control-Allow-Origin`).
  var commonHeaders: [HTTPHeaderField] { get }
  /// Whether the server is draining: answers then ask clients to close their connections, and
  /// reconnect (to another server behind a load balancer) (default false).
  var isDraining: Bool { get }
  /// The request is over: its answer went out, or its connection closed first.
  func completed(_ exchange: HTTPExchange)
  /// Called as the server starts; a throw stops it from starting.
  func starting() throws(HTTPServerError)
  /// A graceful stop begins (or the start failed after `starting`): end the upgraded connections
  /// the router keeps, blocking until they ended.
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
