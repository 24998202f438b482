/// Sends buffered answers of at least `minimumBytes` in gzip to clients whose `Accept-Encoding`
/// allows it (`ResponseCompression`). Computed answers are compressed where they are computed,
/// on the executor's thread (off libmicrohttpd's) or inline; streamed and upgraded ones never
/// are. The server's own answers (`error`) are short: they only say `Vary`.
struct CompressionRouter: HTTPMiddleware {
  let minimumBytes: Int
  let inner: any HTTPRouter

  init(minimumBytes: Int, wrapping inner: any HTTPRouter) {
    self.minimumBytes = minimumBytes
    self.inner = inner
  }

  func route(_ head: some HTTPRequestHead, in exchange: HTTPExchange) -> HTTPResponder {
    compressing(
      inner.route(head, in: exchange), gzip: AcceptEncoding.allowsGzip(head.header("Accept-Encoding").value))
  }

  func error(_ status: Int, _ message: String, in exchange: HTTPExchange) -> BufferedResponse {
    ResponseCompression.encoded(
      inner.error(status, message, in: exchange), gzip: false, minimum: minimumBytes)
  }

  /// `responder` with each buffered answer it gives encoded as `gzip` allows.
  private func compressing(_ responder: HTTPResponder, gzip: Bool) -> HTTPResponder {
    let minimum = minimumBytes
    switch responder {
    case .respond(let response):
      return .respond(ResponseCompression.encoded(response, gzip: gzip, minimum: minimum))
    case .compute(let job):
      return .compute { ResponseCompression.encoded(job(), gzip: gzip, minimum: minimum) }
    case .computeBrief(let job):
      return .computeBrief { ResponseCompression.encoded(job(), gzip: gzip, minimum: minimum) }
    case .readBody(let limit, let decide):
      return .readBody(limit: limit) { [self] body in compressing(decide(body), gzip: gzip) }
    case .stream, .upgrade:
      return responder
    }
  }
}

/// Which buffered answers go out in gzip: those of at least the server's minimum to a client
/// that allows gzip, when gzip makes them smaller. Every answer of a server that compresses says
/// `Vary: Accept-Encoding`, so that a cache between keeps the two forms apart.
enum ResponseCompression {
  /// `response`, compressed when it should be, with the headers that say so. An answer whose
  /// router already set `Vary` or `Content-Encoding` (or that this function already saw) is
  /// left as it is.
  /// - Parameters:
  ///   - gzip: whether the request's `Accept-Encoding` allows gzip.
  ///   - minimum: the smallest body compressed; nil when the server never compresses.
  static func encoded(_ response: BufferedResponse, gzip: Bool, minimum: Int?) -> BufferedResponse {
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
