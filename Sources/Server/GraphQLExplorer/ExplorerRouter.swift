import HTTPServer

/// Serves the GraphQL explorer in front of `inner`: `GET /graphql` and `GET /` from a browser
/// (`Accept` naming `text/html`) get the page, `/explorer/...` its versioned assets, from bytes
/// built once; every other request (a GraphQL GET included) goes to `inner`.
package struct ExplorerRouter: HTTPRouter {
  let inner: any HTTPRouter

  /// The page's own script, style and origin only: nothing inline, no frames.
  static let contentSecurityPolicy: StaticString =
    """
    default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; \
    font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'
    """

  package init(wrapping inner: any HTTPRouter) {
    self.inner = inner
  }

  package func route(_ head: some HTTPRequestHead) -> HTTPResponder {
    let isRead = head.method == .get || head.method == .head
    if isRead, head.path.hasPrefix(ExplorerPage.assetPrefix) {
      guard let asset = ExplorerPage.asset(at: head.path) else {
        return .respond(inner.error(404, "Not found. No such explorer asset (one of an older version?)."))
      }
      return .respond(
        asset.response(
          acceptEncoding: head.header("Accept-Encoding").value,
          headers: [
            HTTPHeaderField("Cache-Control", "public, max-age=31536000, immutable"),
            HTTPHeaderField("X-Content-Type-Options", "nosniff"),
          ]))
    }
    if isRead, head.path == "/graphql" || head.path == "/", head.header("Upgrade") == .absent,
      ExplorerNegotiation.wantsHTML(accept: head.header("Accept").value)
    {
      return .respond(
        ExplorerPage.page.response(
          acceptEncoding: head.header("Accept-Encoding").value,
          headers: [
            HTTPHeaderField("Cache-Control", "no-cache"),
            HTTPHeaderField("Content-Security-Policy", Self.contentSecurityPolicy),
            HTTPHeaderField("X-Content-Type-Options", "nosniff"),
            HTTPHeaderField("Referrer-Policy", "no-referrer"),
          ]))
    }
    return inner.route(head)
  }

  package func error(_ status: Int, _ message: String) -> BufferedResponse { inner.error(status, message) }

  package var commonHeaders: [HTTPHeaderField] { inner.commonHeaders }

  /// Builds the files (and gzips them) before the first browser waits for them.
  package func starting() throws(HTTPServerError) {
    _ = ExplorerPage.page
    try inner.starting()
  }

  package func stopping() { inner.stopping() }
}
