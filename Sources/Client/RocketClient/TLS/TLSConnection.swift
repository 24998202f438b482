import CTLS
import WebSocket

/// One TLS client session on OpenSSL (through `CTLS`) over a connected, non-blocking socket: the
/// chain checked against the system's trust store (or ``TLSOptions/caFile``), the host name
/// against the certificate, SNI sent for a name. Steps never block; each says what the socket
/// must become before the next. The WebSocket client runs its handshake and upgrade through it,
/// then hands it to ``WebSocketFraming``. (`@unchecked Sendable`: used by one thread at a time.)
final class TLSConnection: WebSocketByteStream, @unchecked Sendable {
  private let connection: OpaquePointer
  /// The host connected to, for messages.
  let host: String
  private(set) var readWaitsForWritable = false
  private(set) var writeWaitsForReadable = false

  /// What one step did.
  enum Step: Equatable {
    /// Done: the handshake finished, or this many bytes went.
    case done(Int)
    /// Wait for the socket to become readable, then step again.
    case wantsRead
    /// Wait for the socket to become writable, then step again.
    case wantsWrite
    /// The session ended (the peer's close_notify, or the socket's end).
    case closed
    /// The session failed: ``failure`` says why.
    case failed
  }

  /// A session over `socket` to `host` (a name or an IP address), not yet shaken hands.
  init(socket: Int32, host: String, options: TLSOptions) throws(TLSFailure) {
    var error = [CChar](repeating: 0, count: 512)
    guard
      let made = ctls_client_new(
        socket, host, options.caFile, options.verifiesPeer ? 1 : 0, &error, error.count)
    else {
      throw .setUp(String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    connection = made
    self.host = host
  }

  deinit { ctls_free(connection) }

  func handshake() -> Step {
    Self.step(ctls_handshake(connection), count: 0)
  }

  func step(readingInto buffer: UnsafeMutableRawBufferPointer) -> Step {
    guard let base = buffer.baseAddress, buffer.count > 0 else { return .done(0) }
    var count = 0
    let step = Self.step(ctls_read(connection, base, buffer.count, &count), count: count)
    readWaitsForWritable = step == .wantsWrite
    return step
  }

  /// Writes as much of `bytes` as goes.
  func step(writing bytes: UnsafeRawBufferPointer) -> Step {
    guard let base = bytes.baseAddress, bytes.count > 0 else { return .done(0) }
    var count = 0
    let step = Self.step(ctls_write(connection, base, bytes.count, &count), count: count)
    writeWaitsForReadable = step == .wantsRead
    return step
  }

  /// Sends close_notify once, without waiting for the answer (before the socket is closed).
  func shutdown() { ctls_shutdown(connection) }

  var failure: TLSFailure {
    var reason = [CChar](repeating: 0, count: 256)
    var subject = [CChar](repeating: 0, count: 256)
    var issuer = [CChar](repeating: 0, count: 256)
    var names = [CChar](repeating: 0, count: 512)
    let kind = ctls_failure(
      connection, &reason, reason.count, &subject, subject.count, &issuer, issuer.count, &names, names.count)
    func text(_ buffer: [CChar]) -> String {
      String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
    switch kind {
    case CTLS_FAILURE_UNTRUSTED:
      return .untrusted(reason: text(reason), subject: text(subject), issuer: text(issuer))
    case CTLS_FAILURE_HOSTNAME: return .hostnameMismatch(host: host, names: text(names))
    case CTLS_FAILURE_NOT_TLS: return .notTLS
    case CTLS_FAILURE_CLOSED: return .closed
    default: return .other(text(reason))
    }
  }

  private static func step(_ status: ctls_status, count: Int) -> Step {
    switch status {
    case CTLS_OK: .done(count)
    case CTLS_WANT_READ: .wantsRead
    case CTLS_WANT_WRITE: .wantsWrite
    case CTLS_CLOSED: .closed
    default: .failed
    }
  }

  // MARK: - WebSocketByteStream

  var hasBufferedInput: Bool { ctls_pending(connection) > 0 }

  func read(into buffer: UnsafeMutableRawBufferPointer) -> WebSocketByteStreamResult {
    Self.result(of: step(readingInto: buffer))
  }

  func write(_ bytes: UnsafeRawBufferPointer) -> WebSocketByteStreamResult {
    Self.result(of: step(writing: bytes))
  }

  private static func result(of step: Step) -> WebSocketByteStreamResult {
    switch step {
    case .done(let count): count > 0 ? .done(count) : .wouldBlock
    case .wantsRead, .wantsWrite: .wouldBlock
    case .closed, .failed: .ended
    }
  }
}
