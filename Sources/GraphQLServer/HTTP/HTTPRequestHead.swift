/// The HTTP methods the server tells apart.
enum HTTPMethod: Sendable, Equatable {
  case get, head, post, options, other

  /// Classifies a method token (methods are case-sensitive, RFC 9110 section 9.1).
  init(_ token: String) {
    switch token {
    case "GET": self = .get
    case "HEAD": self = .head
    case "POST": self = .post
    case "OPTIONS": self = .options
    default: self = .other
    }
  }
}

/// The routes the server knows.
enum Route: Sendable, Equatable {
  case home, graphQL, unknown

  /// The route for a request path (without its query string).
  init(path: String) {
    switch path {
    case "/graphql": self = .graphQL
    case "/": self = .home
    default: self = .unknown
    }
  }
}

/// A text value from the request that is absent, valid UTF-8, or not UTF-8 at all.
enum RequestText: Sendable, Equatable {
  case absent
  case invalidUTF8
  case value(String)
}

/// Read access to one request's headers and query arguments, so the protocol logic does not
/// depend on libmicrohttpd.
protocol HTTPRequestHead {
  var method: HTTPMethod { get }
  var route: Route { get }
  /// The value of header `name` (case-insensitive name).
  func header(_ name: StaticString) -> RequestText
  /// The URL-decoded query-string argument `name`.
  func queryArgument(_ name: StaticString) -> RequestText
  /// The announced `Content-Length`, or nil.
  var contentLength: Int? { get }
}
