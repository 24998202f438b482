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
  static func encoded(_ response: HTTPResponse, gzip: Bool, minimum: Int?) -> HTTPResponse {
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
