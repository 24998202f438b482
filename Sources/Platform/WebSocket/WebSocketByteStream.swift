/// Where a WebSocket's bytes go instead of straight to its socket (TLS), called from wslay's
/// callbacks; the owner still polls the socket, for the readiness the stream waits for.
package protocol WebSocketByteStream: AnyObject {
  /// Reads into `buffer`, without blocking.
  func read(into buffer: UnsafeMutableRawBufferPointer) -> WebSocketByteStreamResult
  /// Writes from `bytes` as much as goes without blocking.
  func write(_ bytes: UnsafeRawBufferPointer) -> WebSocketByteStreamResult
  /// Whether decrypted input waits inside the stream, which polling the socket would not show.
  var hasBufferedInput: Bool { get }
  /// Whether a blocked read waits for the socket to become writable (TLS may write first).
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
