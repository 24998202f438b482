/// What the server knows of one request and its answer, from the head to the end: the record the
/// middleware (`RequestIDRouter`, `HealthProbeRouter`, `AccessLogRouter`, `RequestMetricsRouter`)
/// read and annotate, as Hummingbird's middleware do a request context. The server fills in the
/// answer's facts (status, bytes, what the router named it by) as it sends it, and hands the
/// record to `HTTPRouter.completed` once the request is over.
///
/// Not Sendable and needs no lock: libmicrohttpd calls the access handler and then the completion
/// callback of a request on one thread, one at a time, and routers see the record only in those
/// calls. The server's state of the request (`RequestState`) is a subclass, so that a request
/// costs one object.
package class HTTPExchange {
  /// When the head arrived, for the duration.
  package let started: ContinuousClock.Instant
  /// When the head arrived, on the wall clock, for the access log.
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
  /// Whether the connection is beyond its address's budget: it is served only what a middleware
  /// admits there (probes), everything else is refused.
  package var connectionOverBudget = false
  /// The answer is a refusal: it goes out at once and the connection closes after it (the
  /// server lingers so that the client reads it).
  package var closesConnection = false
  /// Header fields every answer to this request carries (buffered, streamed or `101`), after
  /// the answer's own.
  package var responseHeaders: [HTTPHeaderField] = []
  /// How its buffered answers are encoded (see `CompressionRouter`).
  var compression = ResponseCompression.none
  /// The request's id (see `RequestIDRouter`), for the access log.
  package var requestID: String?
  /// The status sent, or nil while none was (or when the connection closed first).
  package var status: Int?
  /// What the router named the request by, for the access log.
  package var logLabel: String?
  /// How many errors the answer reported, when the router said.
  package var errorCount: Int?
  /// Bytes of the head and body received.
  package var receivedBytes = 0
  /// Body bytes received.
  package var bytesIn = 0
  /// Body bytes of a buffered answer sent.
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
