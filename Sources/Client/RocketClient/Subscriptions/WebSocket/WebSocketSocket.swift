import FoundationEssentials
import WebSocket

#if canImport(Glibc)
  import Glibc
#endif

/// The TCP side of a WebSocket client: connecting with a deadline, TLS for `https://` and
/// `wss://` (``TLSConnection``), and the opening handshake, done with blocking-style waits in
/// `poll(2)` on a thread of its own (never on Swift's pool).
enum WebSocketSocket {
  /// An open, upgraded socket (non-blocking) and what the server chose.
  struct Opened: Sendable {
    let descriptor: Int32
    /// The TLS session over the socket, for a secure endpoint.
    let tls: TLSConnection?
    let subprotocol: String
    /// Bytes the server sent after its handshake answer, which belong to the WebSocket.
    let leftover: [UInt8]
  }

  /// Why a WebSocket could not be opened.
  enum Failure: Error, Sendable {
    /// The TCP connection failed.
    case transport(HTTPTransportError)
    /// The server answered the handshake, but not with a WebSocket.
    case refused(WebSocketHandshakeRequest.Refusal)
  }

  /// Whether `endpoint` is reached over TLS (`https://`, `wss://`).
  static func isSecure(_ endpoint: URL) -> Bool {
    ["https", "wss"].contains(endpoint.scheme?.lowercased() ?? "")
  }

  /// Connects to `endpoint` (`http://`, `ws://`, or over TLS checked as `tls` says, `https://`
  /// and `wss://`) and performs the handshake, all within `timeout`. Blocks the calling thread.
  static func open(
    endpoint: URL, subprotocols: [String], headers: HTTPHeaders, timeout: Duration, tls options: TLSOptions
  ) -> Result<Opened, Failure> {
    var host = endpoint.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let secure = isSecure(endpoint)
    let port = endpoint.port ?? (secure ? 443 : 80)
    let deadline = ContinuousClock.now + timeout
    let descriptor: Int32
    switch connect(host: host, port: port, deadline: deadline, timeout: timeout, endpoint: endpoint) {
    case .success(let opened): descriptor = opened
    case .failure(let error): return .failure(.transport(error))
    }
    var tls: TLSConnection?
    if secure {
      switch startTLS(on: descriptor, host: host, options: options, deadline: deadline, endpoint: endpoint) {
      case .success(let session): tls = session
      case .failure(let error):
        Glibc.close(descriptor)
        return .failure(.transport(error.reported(timeout: timeout)))
      }
    }
    let channel = Channel(descriptor: descriptor, tls: tls, endpoint: endpoint)
    var path = endpoint.path.isEmpty ? "/" : endpoint.path
    if let query = endpoint.query { path += "?" + query }
    let request = WebSocketHandshakeRequest(
      host: host, port: port, defaultPort: secure ? 443 : 80, path: path, subprotocols: subprotocols,
      headers: headers)
    if let error = channel.writeAll(request.bytes, until: deadline) {
      Glibc.close(descriptor)
      return .failure(.transport(error.reported(timeout: timeout)))
    }
    var received: [UInt8] = []
    let terminator = Array("\r\n\r\n".utf8)
    while true {
      if let end = received.firstRange(of: terminator) {
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        do {
          let chosen = try request.check(responseHead: head)
          return .success(
            Opened(
              descriptor: descriptor, tls: tls, subprotocol: chosen,
              leftover: Array(received[end.upperBound...])))
        } catch {
          Glibc.close(descriptor)
          return .failure(.refused(error))
        }
      }
      guard received.count < 64 << 10 else {
        Glibc.close(descriptor)
        return .failure(.transport(.timedOut(endpoint: endpoint, after: timeout)))
      }
      switch channel.read(until: deadline) {
      case .success(let bytes): received += bytes
      case .failure(let error):
        Glibc.close(descriptor)
        return .failure(.transport(error.reported(timeout: timeout)))
      }
    }
  }

  /// Why a step of opening failed: past the deadline, or the error to report.
  struct StepFailure: Error {
    var timedOut = false
    var error: HTTPTransportError

    static func late(_ endpoint: URL) -> StepFailure {
      StepFailure(timedOut: true, error: .connectionLost(endpoint: endpoint))
    }

    /// The error to report: a step past the deadline times out after `timeout`.
    func reported(timeout: Duration) -> HTTPTransportError {
      timedOut ? .timedOut(endpoint: error.endpoint, after: timeout) : error
    }
  }

  /// The TLS handshake on the connected `descriptor`, within `deadline`.
  private static func startTLS(
    on descriptor: Int32, host: String, options: TLSOptions, deadline: ContinuousClock.Instant, endpoint: URL
  ) -> Result<TLSConnection, StepFailure> {
    let session: TLSConnection
    do {
      session = try TLSConnection(socket: descriptor, host: host, options: options)
    } catch {
      return .failure(StepFailure(error: .tlsFailure(endpoint: endpoint, detail: error.description)))
    }
    while true {
      switch session.handshake() {
      case .done: return .success(session)
      case .wantsRead:
        guard WebSocketSocket.wait(descriptor, for: Int16(POLLIN), until: deadline) else {
          return .failure(.late(endpoint))
        }
      case .wantsWrite:
        guard WebSocketSocket.wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
          return .failure(.late(endpoint))
        }
      case .closed, .failed:
        return .failure(
          StepFailure(error: .tlsFailure(endpoint: endpoint, detail: session.failure.description)))
      }
    }
  }

  /// The socket, or the TLS session over it, for the handshake's blocking-style reads and writes.
  private struct Channel {
    let descriptor: Int32
    let tls: TLSConnection?
    let endpoint: URL

    /// Writes all of `bytes`; the failure, if any.
    func writeAll(_ bytes: [UInt8], until deadline: ContinuousClock.Instant) -> StepFailure? {
      guard let tls else {
        return WebSocketSocket.writeAll(bytes, to: descriptor, deadline: deadline)
          ? nil : StepFailure(error: .connectionLost(endpoint: endpoint))
      }
      var offset = 0
      while offset < bytes.count {
        let step = bytes[offset...].withUnsafeBytes { tls.step(writing: $0) }
        if case .done(let count) = step, count > 0 {
          offset += count
        } else if let failure = settle(step, tls: tls, until: deadline) {
          return failure
        }
      }
      return nil
    }

    /// Some bytes, once there are any.
    func read(until deadline: ContinuousClock.Instant) -> Result<[UInt8], StepFailure> {
      var buffer = [UInt8](repeating: 0, count: 4096)
      while true {
        guard let tls else {
          guard WebSocketSocket.wait(descriptor, for: Int16(POLLIN), until: deadline) else {
            return .failure(.late(endpoint))
          }
          let count = recv(descriptor, &buffer, buffer.count, 0)
          if count > 0 { return .success(Array(buffer[..<count])) }
          if count == 0 || (errno != EAGAIN && errno != EINTR) {
            return .failure(StepFailure(error: .connectionLost(endpoint: endpoint)))
          }
          continue
        }
        let step = buffer.withUnsafeMutableBytes { tls.step(readingInto: $0) }
        if case .done(let count) = step, count > 0 { return .success(Array(buffer[..<count])) }
        if let failure = settle(step, tls: tls, until: deadline) { return .failure(failure) }
      }
    }

    /// After a TLS step that moved no bytes: nil once the socket is as the step asks, or the
    /// failure.
    private func settle(
      _ step: TLSConnection.Step, tls: TLSConnection, until deadline: ContinuousClock.Instant
    )
      -> StepFailure?
    {
      switch step {
      case .done, .wantsRead:
        return WebSocketSocket.wait(descriptor, for: Int16(POLLIN), until: deadline) ? nil : .late(endpoint)
      case .wantsWrite:
        return WebSocketSocket.wait(descriptor, for: Int16(POLLOUT), until: deadline) ? nil : .late(endpoint)
      case .closed:
        return StepFailure(error: .connectionLost(endpoint: endpoint))
      case .failed:
        return StepFailure(error: .tlsFailure(endpoint: endpoint, detail: tls.failure.description))
      }
    }
  }

  /// A non-blocking TCP connection to the first address of `host` that accepts one.
  private static func connect(
    host: String, port: Int, deadline: ContinuousClock.Instant, timeout: Duration, endpoint: URL
  )
    -> Result<Int32, HTTPTransportError>
  {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var list: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &list) == 0, let first = list else {
      return .failure(.unknownHost(endpoint: endpoint))
    }
    defer { freeaddrinfo(list) }
    var lastError: Int32 = ECONNREFUSED
    var entry: UnsafeMutablePointer<addrinfo>? = first
    while let address = entry {
      entry = address.pointee.ai_next
      let descriptor = socket(
        address.pointee.ai_family,
        Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
          | Int32(SOCK_CLOEXEC.rawValue), 0)
      guard descriptor >= 0 else {
        lastError = errno
        continue
      }
      var started = Glibc.connect(descriptor, address.pointee.ai_addr, address.pointee.ai_addrlen)
      if started != 0 && errno == EINPROGRESS {
        guard WebSocketSocket.wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
          Glibc.close(descriptor)
          return .failure(.timedOut(endpoint: endpoint, after: timeout))
        }
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &error, &length)
        started = error == 0 ? 0 : -1
        if error != 0 { errno = error }
      }
      if started == 0 {
        // A peer that vanishes without a FIN is noticed after about two minutes of silence.
        var on: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_KEEPALIVE, &on, socklen_t(MemoryLayout<Int32>.size))
        var idle: Int32 = 60
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_KEEPIDLE, &idle, socklen_t(MemoryLayout<Int32>.size))
        return .success(descriptor)
      }
      lastError = errno
      Glibc.close(descriptor)
    }
    if lastError == ECONNREFUSED { return .failure(.connectionRefused(endpoint: endpoint)) }
    return .failure(.cannotConnect(endpoint: endpoint, detail: String(cString: strerror(lastError))))
  }

  /// Writes all of `bytes`, waiting for the socket as needed; false on failure or past `deadline`.
  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, deadline: ContinuousClock.Instant)
    -> Bool
  {
    var offset = 0
    while offset < bytes.count {
      let count = bytes[offset...].withUnsafeBytes { WebSocketFraming.send($0, to: descriptor) }
      if count > 0 {
        offset += count
      } else if count < 0 && (errno == EAGAIN || errno == EINTR) {
        guard WebSocketSocket.wait(descriptor, for: Int16(POLLOUT), until: deadline) else { return false }
      } else {
        return false
      }
    }
    return true
  }

  /// Waits until `descriptor` is ready for `events` (or has failed); false past `deadline`.
  private static func wait(_ descriptor: Int32, for events: Int16, until deadline: ContinuousClock.Instant)
    -> Bool
  {
    while true {
      let remaining = deadline - ContinuousClock.now
      guard remaining > .zero else { return false }
      let (seconds, attoseconds) = remaining.components
      let milliseconds = Int32(clamping: seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1)
      var entry = pollfd(fd: descriptor, events: events, revents: 0)
      let ready = poll(&entry, 1, milliseconds)
      if ready > 0 { return true }
      if ready < 0 && errno != EINTR { return false }
    }
  }
}
