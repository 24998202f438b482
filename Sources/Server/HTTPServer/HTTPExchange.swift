/// The server's record of one request and its answer, which the middleware read and annotate (as
/// Hummingbird's request context) and `HTTPRouter.completed` receives once the request is over.
///
/// Needs no lock: libmicrohttpd calls a request's handlers on one thread, one at a time. The
/// server's state of the request (`RequestState`) is a subclass, so a request costs one object.
package class HTTPExchange {
  /// When the head arrived (monotonic, and on the wall clock for the access log).
  package let started: ContinuousClock.Instant
  package let time: WallClockTime
  /// The method as the client sent it.
  package let method: String
  package let httpMethod: HTTPMethod
  /// The path, without the query string.
  package let path: String
  /// The client's address, or nil when unknown.
  package let client: String?
  /// Whether the server's graceful stop had begun when the head arrived.
  package var serverStopping = false
  /// The connection is beyond its address's budget: only probes are served on it.
  package var connectionOverBudget = false
  /// The answer is a refusal: the connection closes after it (lingering, so the client reads it).
  package var closesConnection = false
  /// Header fields every answer to this request carries (buffered, streamed or `101`).
  package var responseHeaders: [HTTPHeaderField] = []
  /// How its buffered answers are encoded (see `CompressionRouter`).
  var compression = ResponseCompression.none
  /// The facts of the answer, for the access log and the metrics: nil status while none was sent.
  package var requestID: String?
  package var status: Int?
  package var logLabel: String?
  package var errorCount: Int?
  /// Bytes of the head and body received, body bytes received, buffered body bytes sent.
  package var receivedBytes = 0
  package var bytesIn = 0
  package var bytesOut = 0
  /// Streamed or upgraded: its duration is the connection's, not an answer's.
  package var longLived = false
  /// The streamed answer, whose bytes are counted as the client takes them.
  var streamedBody: StreamedBody?

  package init(method: String, path: String, client: String? = nil) {
    started = .now
    time = .now()
    self.method = method
    self.path = path
    self.client = client
    httpMethod = HTTPMethod(method)
  }

  /// Body bytes sent so far: a stream's as the client took them, else the buffered answer's.
  package var bodyBytesSent: Int { streamedBody?.bytesSent ?? bytesOut }
}
