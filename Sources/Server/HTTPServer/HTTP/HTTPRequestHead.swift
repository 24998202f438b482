/// The HTTP methods the server tells apart.
package enum HTTPMethod: Sendable, Equatable {
  case get, head, post, options, other

  /// Classifies a method token (methods are case-sensitive, RFC 9110 section 9.1).
  package init(_ token: String) {
    switch token {
    case "GET": self = .get
    case "HEAD": self = .head
    case "POST": self = .post
    case "OPTIONS": self = .options
    default: self = .other
    }
  }
}

/// A text value from the request that is absent, valid UTF-8, or not UTF-8 at all.
package enum RequestText: Sendable, Equatable {
  case absent
  case invalidUTF8
  case value(String)

  /// The value, or nil when absent or not UTF-8.
  package var value: String? {
    if case .value(let value) = self { value } else { nil }
  }
}

/// One request's head, so that routing does not depend on libmicrohttpd.
package protocol HTTPRequestHead {
  var method: HTTPMethod { get }
  /// The path, without the query string.
  var path: String { get }
  /// The value of header `name` (case-insensitive name).
  func header(_ name: StaticString) -> RequestText
  /// The URL-decoded query-string argument `name`.
  func queryArgument(_ name: StaticString) -> RequestText
  /// The announced `Content-Length`, or nil.
  var contentLength: Int? { get }
  /// The client's network address (the peer of the connection), or nil when unknown.
  var clientAddress: String? { get }
}

extension HTTPRequestHead {
  /// Unknown.
  package var clientAddress: String? { nil }
}
