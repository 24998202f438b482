/// Sends buffered answers of at least `minimumBytes` in gzip to clients that allow it. It
/// decides from the head and leaves the decision in `HTTPExchange.compression`, which the server
/// applies where each answer is made (on the executor's thread for computed ones), so no closure
/// wraps the router's per request. The server's own short answers only say `Vary`.
struct CompressionRouter<Inner: HTTPRouter>: HTTPMiddleware {
  let minimumBytes: Int?
  let inner: Inner

  init(minimumBytes: Int?, wrapping inner: Inner) {
    self.minimumBytes = minimumBytes
    self.inner = inner
  }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    if let minimumBytes {
      exchange.compression = ResponseCompression(
        gzip: AcceptEncoding.allowsGzip(head.header("Accept-Encoding").value), minimum: minimumBytes)
    }
    return inner.route(head, in: exchange)
  }

  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse {
    ResponseCompression(gzip: false, minimum: minimumBytes).encoded(
      inner.error(status, message, in: exchange))
  }
}

/// Which buffered answers go out in gzip: those of at least the minimum, to a client that allows
/// it, when gzip makes them smaller. A compressing server's every answer says `Vary`.
struct ResponseCompression: Sendable {
  static let none = ResponseCompression(gzip: false, minimum: nil)

  /// Whether the request's `Accept-Encoding` allows gzip.
  let gzip: Bool
  /// The smallest body compressed; nil when the server never compresses.
  let minimum: Int?

  /// `response`, compressed when it should be; one that already says `Vary` or
  /// `Content-Encoding` is left as it is.
  func encoded(_ response: BufferedResponse) -> BufferedResponse {
    guard let minimum,
      !response.headers.contains(where: { Self.named($0, "vary") || Self.named($0, "content-encoding") })
    else { return response }
    var response = response
    response.headers.append(HTTPHeaderField("Vary", "Accept-Encoding"))
    guard gzip, response.body.count >= minimum, response.status != 204, response.status != 304,
      let compressed = Gzip.compress(response.body), compressed.count < response.body.count
    else { return response }
    response.body = compressed
    response.headers.append(HTTPHeaderField("Content-Encoding", "gzip"))
    return response
  }

  private static func named(_ field: HTTPHeaderField, _ lowercase: StaticString) -> Bool {
    UnsafeBufferPointer(start: field.name.utf8Start, count: field.name.utf8CodeUnitCount)
      .equalsIgnoringASCIICase(lowercase)
  }
}
