/// One header field of a response: the name fixed at compile time, the value fixed or made per
/// response.
package struct HTTPHeaderField: Sendable {
  package enum Value: Sendable {
    case fixed(StaticString)
    case text(String)
  }

  package let name: StaticString
  package let value: Value

  package init(_ name: StaticString, _ value: StaticString) {
    self.name = name
    self.value = .fixed(value)
  }

  /// A field whose value is made per response.
  package init(_ name: StaticString, text value: String) {
    self.name = name
    self.value = .text(value)
  }
}

/// A buffered response the server is about to send, independent of libmicrohttpd.
package struct BufferedResponse: Sendable {
  package var status: Int
  /// The `Content-Type`, or nil for a response without one.
  package var contentType: StaticString?
  package var body: [UInt8]
  /// Header fields beyond `Content-Type` and the router's `commonHeaders` (`Allow`, CORS).
  package var headers: [HTTPHeaderField]
  /// What the access log names the request by (for a GraphQL request, its operation).
  package var logLabel: String?
  /// How many errors the body reports (a GraphQL response's `errors`), for the access log.
  package var errorCount: Int?

  package init(
    status: Int, contentType: StaticString?, body: [UInt8], headers: [HTTPHeaderField] = [],
    logLabel: String? = nil
  ) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.headers = headers
    self.logLabel = logLabel
  }
}
