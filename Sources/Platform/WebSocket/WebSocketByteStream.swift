/// Where a WebSocket's bytes go instead of straight to its socket: a TLS session over it.
///
/// ``WebSocketFraming`` calls it on the thread that drives the connection, from inside wslay's
/// callbacks; the owner still polls the socket, asking the stream which readiness it waits for.
package protocol WebSocketByteStream: AnyObject {
  /// Reads into `buffer`, without blocking.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> WebSocketByteStreamResult
  /// Writes from `bytes` as much as goes without blocking.
  func write(_ bytes: UnsafeRawBufferPointer) -> WebSocketByteStreamResult
  /// Whether decrypted input waits inside the stream, which polling the socket would not show.
  var hasBufferedInput: Bool { get }
  /// Whether the last read that could not go on waits for the socket to become writable (a TLS
  /// read may have to write first), not readable.
  var readWaitsForWritable: Bool { get }
  /// Whether the last write that could not go on waits for the socket to become readable.
  var writeWaitsForReadable: Bool { get }
}

/// What one read or write of a ``WebSocketByteStream`` did.
package enum WebSocketByteStreamResult: Equatable {
  /// This many bytes went (more than zero).
  case done(Int)
  /// Nothing now; poll the socket as ``WebSocketFraming/pollEvents`` says.
  case wouldBlock
  /// The stream ended or failed.
  case ended
}
