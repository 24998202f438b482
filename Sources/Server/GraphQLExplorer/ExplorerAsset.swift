import GraphQLWire
import HTTPServer

/// One file of the explorer as served, and the same gzipped once at the best level (rather than
/// by the server, at its fast level, per request).
struct ExplorerAsset: Sendable {
  /// The `Content-Type`.
  let contentType: StaticString
  /// The bytes as they are.
  let body: [UInt8]
  /// The bytes in gzip, or nil when zlib cannot be loaded or gains nothing.
  let gzipped: [UInt8]?
  /// The first 16 hex digits of the body's SHA-256, in a versioned asset's URL (kept forever).
  let version: String

  init(contentType: StaticString, text: String) {
    self.contentType = contentType
    let bytes = Array(text.utf8)
    body = bytes
    gzipped = Gzip.compress(bytes, level: 9).flatMap { $0.count < bytes.count ? $0 : nil }
    version = String(SHA256.hexDigest(text).prefix(16))
  }

  /// The answer to a GET, gzipped when the client allows it, with `headers`.
  func response(acceptEncoding: String?, headers: [HTTPHeaderField]) -> BufferedResponse {
    // Setting Vary here keeps the server from compressing the answer again.
    var fields = headers + [HTTPHeaderField("Vary", "Accept-Encoding")]
    var bytes = body
    if let gzipped, AcceptEncoding.allowsGzip(acceptEncoding) {
      bytes = gzipped
      fields.append(HTTPHeaderField("Content-Encoding", "gzip"))
    }
    return BufferedResponse(status: 200, contentType: contentType, body: bytes, headers: fields)
  }
}
