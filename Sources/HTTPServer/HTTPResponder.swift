/// How a request is answered, as its router decides from the head (and, for `readBody`, the
/// body): buffered, streamed or upgraded.
package enum HTTPResponder: Sendable {
  /// A buffered answer decided now.
  case respond(HTTPResponse)
  /// A buffered answer computed on the server's fair executor, off libmicrohttpd's threads.
  case compute(@Sendable () -> HTTPResponse)
  /// A streamed answer (chunked), once the server has a long-lived slot for it.
  case stream(StreamedResponse)
  /// `101 Switching Protocols`, then the socket handed over.
  case upgrade(UpgradeResponse)
  /// Read the body (at most `BodyReader.limit` bytes) first, then decide with it.
  case readBody(BodyReader)
}

/// A body to read before deciding (the answer is `respond`, `compute` or `stream`).
package struct BodyReader: Sendable {
  /// The largest body accepted.
  package let limit: Int
  /// Decides with the whole body, or with nil for a body over `limit` (then the answer, sent
  /// once the client finished sending, must be `respond`: 413).
  package let decide: @Sendable (_ body: [UInt8]?) -> HTTPResponder

  package init(limit: Int, decide: @escaping @Sendable (_ body: [UInt8]?) -> HTTPResponder) {
    self.limit = limit
    self.decide = decide
  }
}

/// A streamed answer: status 200 with `framing`'s type, then what `produce` appends.
package struct StreamedResponse: Sendable {
  package let framing: StreamFraming
  /// Starts producing the body; runs on the fair executor, and may hand the work on to tasks it
  /// gives the body to own (they are cancelled when the response ends).
  package let produce: @Sendable (StreamedBody) -> Void

  package init(framing: StreamFraming, produce: @escaping @Sendable (StreamedBody) -> Void) {
    self.framing = framing
    self.produce = produce
  }
}

/// A protocol switch: `101` with `headers`, then the socket goes to `adopt`.
package struct UpgradeResponse: Sendable {
  /// The header fields of the 101 answer (`Upgrade`, `Sec-WebSocket-Accept`, ...).
  package let headers: [(name: StaticString, value: String)]
  /// Takes the socket over once the 101 went out; called on one of libmicrohttpd's threads.
  package let adopt: @Sendable (UpgradedSocket) -> Void

  package init(
    headers: [(name: StaticString, value: String)], adopt: @escaping @Sendable (UpgradedSocket) -> Void
  ) {
    self.headers = headers
    self.adopt = adopt
  }
}
