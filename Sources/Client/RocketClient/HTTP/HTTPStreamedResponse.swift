/// A response whose head has arrived and whose body is still arriving.
///
/// Iterate ``body`` to read the chunks as the server sends them (a `multipart/mixed` or
/// `text/event-stream` answer stays open as long as the server keeps it); stopping early, or
/// cancelling the reading task, aborts the transfer. ``HTTPClient/post(url:body:headers:)``
/// reads the whole body for you.
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

/// The chunks of a response body as they arrive, ending when the body is complete.
///
/// Iteration throws ``HTTPTransportError`` when the transfer fails part way (connection lost,
/// timeout, the body passing the size bound) and `.cancelled` when the reading task is
/// cancelled. Iterate it once.
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
    ///
    /// - Throws: ``HTTPTransportError`` when the transfer fails part way.
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
