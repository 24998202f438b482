/// A response whose head has arrived and whose body is still arriving: iterate ``body`` for the
/// chunks as the server sends them; stopping early, or cancelling the reading task, aborts the
/// transfer.
public struct HTTPStreamedResponse: Sendable {
  /// The status code, such as 200.
  public let status: Int
  /// Header fields with lower-cased names (a repeated field's values joined with ", ").
  public let headers: [String: String]
  /// The body, chunk by chunk.
  public let body: HTTPBody

  /// The value of header `name`, matched case-insensitively.
  public func header(_ name: String) -> String? { headers[name.lowercased()] }
}

/// The chunks of a response body as they arrive; iteration throws ``HTTPTransportError`` when the
/// transfer fails part way. Iterate it once.
public struct HTTPBody: AsyncSequence, Sendable {
  /// A chunk of the body, as received.
  public typealias Element = [UInt8]

  let stream: AsyncThrowingStream<[UInt8], any Error>
  /// Tells the transfer how many bytes the reader took (it pauses while too many wait).
  let consumed: @Sendable (Int) -> Void

  /// Hands out the chunks and tells the transfer each was taken.
  public struct AsyncIterator: AsyncIteratorProtocol {
    var base: AsyncThrowingStream<[UInt8], any Error>.AsyncIterator
    let consumed: @Sendable (Int) -> Void

    /// The next chunk, nil at the end of the body.
    public mutating func next() async throws -> [UInt8]? {
      let chunk = try await base.next()
      if let chunk { consumed(chunk.count) }
      return chunk
    }
  }

  /// The iterator; make one only.
  public func makeAsyncIterator() -> AsyncIterator {
    AsyncIterator(base: stream.makeAsyncIterator(), consumed: consumed)
  }
}
