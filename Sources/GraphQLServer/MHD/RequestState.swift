/// What the server remembers about one request between libmicrohttpd's callbacks.
///
/// Not Sendable and needs no lock: libmicrohttpd binds a connection to one worker thread, and
/// calls the access handler and then the completion callback for a request on that thread, one
/// at a time (an execution on another thread hands its answer back through an `ExecutionSlot`). The object is retained in the request's `con_cls` slot from the first callback
/// until the completion callback releases it.
final class RequestState {
  enum Phase {
    /// Reading the body of a POST to /graphql.
    case readingBody(ResponseMediaType)
    /// The body (sent without Content-Length) grew past the limit: the rest is read and
    /// dropped, up to `discarded` bytes more, and then answered with 413.
    case discardingBody(ResponseMediaType, discarded: Int)
    /// The head decided the answer, to be queued in the next call (the request has no body).
    case answerAfterHead(HTTPResponse)
    /// Reading the body of a POST that asked for a streamed answer (multipart or SSE).
    case readingStreamBody(StreamFormat)
    /// A WebSocket handshake was accepted: the 101 answer is queued in the next call.
    case upgradeAfterHead(WebSocketHandshake)
    /// A GET to run, started in the next call (the first may not answer, see `ServerCore`);
    /// a body it carries is dropped, up to `discarded` bytes.
    case executeAfterHead(GraphQLHTTPHandler.Execution, discarded: Int)
    /// The request is complete and its execution due: the connection is suspended in the next
    /// call, which libmicrohttpd makes at once (see `ServerCore.execute`).
    case suspendingNext(GraphQLHTTPHandler.Execution)
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
  let head: (method: HTTPMethod, route: Route)
  var phase: Phase = .responded
  var body: [UInt8] = []
  var status: Int?
  var operationName: String?

  init(method: String, path: String, client: String? = nil) {
    started = .now
    time = .now()
    self.method = method
    self.path = path
    self.client = client
    head = (HTTPMethod(method), Route(path: path))
  }

  /// The access-log entry for this request, now that it is over.
  func logEntry() -> AccessLogEntry {
    let elapsed = ContinuousClock.now - started
    let milliseconds =
      Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    return AccessLogEntry(
      time: time, method: method, path: path, status: status, operationName: operationName,
      durationMilliseconds: milliseconds, client: client)
  }
}
