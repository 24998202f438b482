import GraphQL

/// A response the server is about to send, independent of libmicrohttpd.
struct HTTPResponse: Sendable {
  /// The `Content-Type` of a response body.
  enum ContentType: Sendable {
    case media(ResponseMediaType)
    case html
    case none

    var headerValue: StaticString? {
      switch self {
      case .media(let media): media.contentType
      case .html: "text/html; charset=utf-8"
      case .none: nil
      }
    }
  }

  var status: Int
  var contentType: ContentType
  var body: [UInt8]
  /// The `Allow` header, for 405 responses.
  var allow: StaticString?
  /// Whether to add the CORS preflight headers (allowed methods, headers, max age).
  var isPreflight = false
  /// The operation the service selected, for the access log.
  var operationName: String?

  /// A response whose body is `{"errors":[{"message":...}]}`, the shape GraphQL clients expect
  /// even for HTTP-level failures.
  static func error(
    _ status: Int, _ message: String, media: ResponseMediaType = .json, allow: StaticString? = nil,
    code: String? = nil
  ) -> HTTPResponse {
    var error = JSONObject()
    error.appendUnchecked("message", .string(message))
    if let code { error.appendUnchecked("extensions", .object(["code": .string(code)])) }
    let body = JSON.object(["errors": .array([.object(error)])]).encoded()
    return HTTPResponse(status: status, contentType: .media(media), body: body, allow: allow)
  }

  /// 204 with the CORS preflight headers.
  static let preflight = HTTPResponse(
    status: 204, contentType: .none, body: [], allow: nil, isPreflight: true)

  /// The short page at `/` pointing to the endpoint.
  static let homePage = HTTPResponse(
    status: 200, contentType: .html,
    body: Array(
      """
      <!doctype html>
      <html><head><meta charset="utf-8"><title>RocketReserver GraphQL</title></head>
      <body><h1>RocketReserver GraphQL API</h1>
      <p>Send GraphQL requests (GET or POST) to <a href="/graphql"><code>/graphql</code></a>.</p>
      </body></html>

      """.utf8),
    allow: nil)

  /// 500 with a message that reveals nothing of the failure.
  static func internalError(_ media: ResponseMediaType) -> HTTPResponse {
    .error(500, "Internal server error.", media: media, code: "INTERNAL_SERVER_ERROR")
  }
}
