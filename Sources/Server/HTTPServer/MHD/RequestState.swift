/// What the server remembers about one request between libmicrohttpd's callbacks.
///
/// Not Sendable and needs no lock: libmicrohttpd binds a connection to one worker thread, and
/// calls the access handler and then the completion callback for a request on that thread, one
/// at a time (an execution on another thread hands its answer back through an `ExecutionSlot`). The object is retained in the request's `con_cls` slot from the first callback
/// until the completion callback releases it.
final class RequestState {
  enum Phase {
    /// Reading a body the router asked for.
    case readingBody(limit: Int, decide: HTTPResponder.BodyDecision)
    /// The body (sent without Content-Length) grew past the limit: the rest is read and
    /// dropped, up to `discarded` bytes more, and then answered as too large.
    case discardingBody(limit: Int, decide: HTTPResponder.BodyDecision, discarded: Int)
    /// The head decided the answer, to be queued or started in the next call (the first may not
    /// answer, see `ServerCore`); a body the request carries is dropped, up to `discarded` bytes.
    case afterHead(HTTPResponder, discarded: Int)
    /// An upgrade was accepted: the 101 answer, with these header fields, is queued in the next
    /// call.
    case upgradeAfterHead([(name: StaticString, value: String)])
    /// The request is complete and its computation due: the connection is suspended in the next
    /// call, which libmicrohttpd makes at once (see `ServerCore.execute`).
    case suspendingNext(@Sendable () -> HTTPResponse)
    /// Running on the executor, with the connection suspended until the answer is in `slot`.
    case executing(ExecutionSlot)
    /// A response is queued.
    case responded
  }

  let started: ContinuousClock.Instant
  let time: WallClockTime
  let method: String
  let path: String
  /// The client's address, for the access log.
  let client: String?
  let httpMethod: HTTPMethod
  var phase: Phase = .responded
  var body: [UInt8] = []
  var status: Int?
  /// What the router named the request by, for the access log.
  var logLabel: String?
  /// Bytes of the head and body received, for the metrics.
  var receivedBytes = 0
  /// Streamed or upgraded: its duration is the connection's, not an answer's.
  var longLived = false
  /// Whether a buffered answer may go out in gzip (the server compresses, and the client's
  /// `Accept-Encoding` allows it).
  var acceptsGzip = false
  /// The id echoed in `X-Request-ID` and logged (see `RequestID`).
  var requestID: String?
  /// Body bytes received and sent, and the errors the answer reported, for the access log.
  var bytesIn = 0
  var bytesOut = 0
  var errorCount: Int?
  /// The streamed answer, whose bytes are counted as the client takes them.
  var streamedBody: StreamedBody?

  init(method: String, path: String, client: String? = nil) {
    started = .now
    time = .now()
    self.method = method
    self.path = path
    self.client = client
    httpMethod = HTTPMethod(method)
  }

  /// The access-log entry for this request, now that it is over.
  func logEntry() -> AccessLogEntry {
    let elapsed = ContinuousClock.now - started
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return AccessLogEntry(
      time: time, method: method, path: path, status: status, operationName: logLabel,
      durationMilliseconds: milliseconds, client: client, requestID: requestID, bytesIn: bytesIn,
      bytesOut: streamedBody?.bytesSent ?? bytesOut, errorCount: errorCount)
  }
}
