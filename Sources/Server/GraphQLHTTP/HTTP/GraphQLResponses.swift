import GraphQL
import GraphQLWire
import HTTPServer

/// The answers GraphQL over HTTP gives besides a service's results.
extension BufferedResponse {
  /// A response whose body is `{"errors":[{"message":...}]}`, as GraphQL clients expect even for
  /// HTTP-level failures.
  static func error(
    _ status: Int, _ message: String, media: ResponseMediaType = .json, allow: StaticString? = nil,
    code: String? = nil
  ) -> BufferedResponse {
    var error = JSONObject()
    error.appendUnchecked("message", .string(message))
    if let code { error.appendUnchecked("extensions", .object(["code": .string(code)])) }
    let body = JSON.object(["errors": .array([.object(error)])]).encoded()
    var response = BufferedResponse(
      status: status, contentType: media.contentType, body: body,
      headers: allow.map { [HTTPHeaderField("Allow", $0)] } ?? [])
    response.errorCount = 1
    return response
  }

  /// 204 with the CORS preflight headers.
  static let preflight = BufferedResponse(
    status: 204, contentType: nil, body: [],
    headers: [
      HTTPHeaderField("Access-Control-Allow-Methods", "GET, POST, OPTIONS"),
      HTTPHeaderField("Access-Control-Allow-Headers", "content-type, authorization, accept, last-event-id"),
      HTTPHeaderField("Access-Control-Max-Age", "86400"),
    ])

  /// The short page at `/` pointing to the endpoint.
  static let homePage = BufferedResponse(
    status: 200, contentType: "text/html; charset=utf-8",
    body: Array(
      """
      <!doctype html>
      <html><head><meta charset="utf-8"><title>RocketReserver GraphQL</title></head>
      <body><h1>RocketReserver GraphQL API</h1>
      <p>Send GraphQL requests (GET or POST) to <a href="/graphql"><code>/graphql</code></a>.</p>
      </body></html>

      """.utf8))

  /// 500 with a message that reveals nothing of the failure.
  static func internalError(_ media: ResponseMediaType) -> BufferedResponse {
    .error(500, "Internal server error.", media: media, code: "INTERNAL_SERVER_ERROR")
  }
}
