/// How a request is answered, as its router decides from the head (and, for `readBody`, the
/// body): buffered, streamed or upgraded.
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
  /// A buffered answer the router expects to take well under a millisecond: computed at once on
  /// the libmicrohttpd thread that read the request, without the hand-off to the executor (see
  /// `InlineBudget`); on the fair executor like `compute` while that is paused or off.
  case computeBrief(@Sendable () -> BufferedResponse)
  /// A streamed answer (chunked), in a long-lived slot: 200 with `framing`'s type and pieces
  /// around what `produce` appends. `produce` runs on the fair executor, and may hand the work on
  /// to tasks it gives the body to own (they are cancelled when the response ends).
  case stream(framing: StreamFraming, produce: @Sendable (StreamedBody) -> Void)
  /// `101 Switching Protocols` with `headers`, in a long-lived slot; then the socket goes to
  /// `adopt`.
  case upgrade(headers: [(name: StaticString, value: String)], adopt: Adoption)
  /// Read the body (at most `limit` bytes) first, then decide (`respond`, `compute`,
  /// `computeBrief` or `stream`).
  case readBody(limit: Int, decide: BodyDecision)
}
