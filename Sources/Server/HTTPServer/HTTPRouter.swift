/// What a server runs: decides how each request is answered, and says what the server's own
/// answers (limits, malformed heads, shutting down) look like.
///
/// Implementation requirements: `route` is called on libmicrohttpd's threads, concurrently, and
/// must be quick (anything slow belongs in a `compute` or `stream` responder, which run on the
/// fair executor).
package protocol HTTPRouter: Sendable {
  /// How to answer a request, from its head (valid only during the call).
  func route(_ head: some HTTPRequestHead) -> HTTPResponder
  /// The server's own answer with `status` and `message` (431, 400, 503, ...).
  func error(_ status: Int, _ message: String) -> HTTPResponse
  /// Header fields every buffered and streamed answer carries (such as CORS's
  /// `Access-Control-Allow-Origin`).
  var commonHeaders: [HTTPHeaderField] { get }
  /// Called as the server starts; a throw stops it from starting.
  func starting() throws(HTTPServerError)
  /// Called when a graceful stop begins, after the server stopped accepting connections (and
  /// when it could not start after `starting`): end what the router keeps of upgraded
  /// connections. Blocks until they ended.
  func stopping()
}
