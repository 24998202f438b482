/// How a request is answered, as its router decides from the head (or, `readBody`, the body).
package enum HTTPResponder: Sendable {
  /// Decides with a whole body, or with nil for a body over the limit (then the answer, sent
  /// once the client finished sending, must be `respond`: 413).
  package typealias BodyDecision = @Sendable (_ body: [UInt8]?) -> HTTPResponder
  /// Takes an upgraded socket over; called on one of libmicrohttpd's threads.
  package typealias Adoption = @Sendable (UpgradedSocket) -> Void

  /// A buffered answer decided now.
  case respond(BufferedResponse)
  /// A buffered answer computed on the server's fair executor, off libmicrohttpd's threads.
  case compute(@Sendable () -> BufferedResponse)
  /// A buffered answer the router expects to take well under a millisecond: computed on the
  /// thread that read the request while `InlineBudget` allows, else like `compute`.
  case computeBrief(@Sendable () -> BufferedResponse)
  /// A streamed (chunked) 200 in a long-lived slot, `framing` around what `produce` appends;
  /// `produce` runs on the fair executor and may hand on to tasks the body owns.
  case stream(framing: StreamFraming, produce: @Sendable (StreamedBody) -> Void)
  /// `101 Switching Protocols` with `headers`, in a long-lived slot; then the socket goes to `adopt`.
  case upgrade(headers: [(name: StaticString, value: String)], adopt: Adoption)
  /// Read the body (at most `limit` bytes), then decide (neither `upgrade` nor `readBody`).
  case readBody(limit: Int, decide: BodyDecision)
}
