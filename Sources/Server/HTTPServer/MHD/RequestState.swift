/// Where one request is in libmicrohttpd's calls (its phase, the body read so far), beside the
/// server's record of it that the middleware see.
///
/// Not Sendable and needs no lock: libmicrohttpd binds a connection to one worker thread, and
/// calls the access handler and then the completion callback for a request on that thread, one
/// at a time (an execution on another thread hands its answer back through an `ExecutionSlot`).
/// The object is retained in the request's `con_cls` slot from the first callback until the
/// completion callback releases it.
final class RequestState: HTTPExchange {
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
