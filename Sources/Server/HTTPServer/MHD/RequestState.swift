/// Where one request is in libmicrohttpd's calls (its phase, the body so far), beside the record
/// the middleware see. Retained in the request's `con_cls` from the first callback to the
/// completion; one thread at a time (an execution answers through an `ExecutionSlot`).
final class RequestState: HTTPExchange {
  enum Phase {
    /// Reading a body the router asked for.
    case readingBody(limit: Int, decide: HTTPResponder.BodyDecision)
    /// A chunked body grew past the limit: the rest is dropped, then answered 413.
    case discardingBody(limit: Int, decide: HTTPResponder.BodyDecision, discarded: Int)
    /// The head decided the answer, queued in the next call; a body is dropped meanwhile.
    case afterHead(HTTPResponder, discarded: Int)
    /// An upgrade was accepted: the 101 with these fields is queued in the next call.
    case upgradeAfterHead([(name: StaticString, value: String)])
    /// The computation is due: the connection is suspended in the next call (`ServerCore.execute`).
    case suspendingNext(@Sendable () -> BufferedResponse)
    /// Running on the executor, with the connection suspended until the answer is in `slot`.
    case executing(ExecutionSlot)
    /// A response is queued.
    case responded
  }

  var phase: Phase = .responded
  var body: [UInt8] = []

  /// What the middleware and the access log know of the request.
  var exchange: HTTPExchange { self }
}
