import FoundationEssentials
import WebSocket

#if canImport(Glibc)
  import Glibc
#endif

/// The TCP side of a WebSocket client: connecting with a deadline and the opening handshake,
/// done with blocking-style waits in `poll(2)` on a thread of its own (never on Swift's pool).
enum WebSocketSocket {
  /// An open, upgraded socket (non-blocking) and what the server chose.
  struct Opened: Sendable {
    let descriptor: Int32
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

  /// Connects to `endpoint` (an `http://` or `ws://` URL) and performs the handshake, all
  /// within `timeout`. Blocks the calling thread.
  static func open(
    endpoint: URL, subprotocols: [String], headers: HTTPHeaders, timeout: Duration
  ) -> Result<Opened, Failure> {
    var host = endpoint.host ?? ""
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let port = endpoint.port ?? 80
    let deadline = ContinuousClock.now + timeout
    let descriptor: Int32
    switch connect(host: host, port: port, deadline: deadline, timeout: timeout, endpoint: endpoint) {
    case .success(let opened): descriptor = opened
    case .failure(let error): return .failure(.transport(error))
    }
    var path = endpoint.path.isEmpty ? "/" : endpoint.path
    if let query = endpoint.query { path += "?" + query }
    let request = WebSocketHandshakeRequest(
      host: host, port: port, path: path, subprotocols: subprotocols, headers: headers)
    guard writeAll(request.bytes, to: descriptor, deadline: deadline) else {
      Glibc.close(descriptor)
      return .failure(.transport(.connectionLost(endpoint: endpoint)))
    }
    var received: [UInt8] = []
    let terminator = Array("\r\n\r\n".utf8)
    while true {
      if let end = received.firstRange(of: terminator) {
        let head = String(decoding: received[..<end.lowerBound], as: UTF8.self)
        do {
          let chosen = try request.check(responseHead: head)
          return .success(
            Opened(descriptor: descriptor, subprotocol: chosen, leftover: Array(received[end.upperBound...])))
        } catch {
          Glibc.close(descriptor)
          return .failure(.refused(error))
        }
      }
      guard received.count < 64 << 10, wait(descriptor, for: Int16(POLLIN), until: deadline) else {
        Glibc.close(descriptor)
        return .failure(.transport(.timedOut(endpoint: endpoint, after: timeout)))
      }
      var buffer = [UInt8](repeating: 0, count: 4096)
      let count = recv(descriptor, &buffer, buffer.count, 0)
      if count > 0 {
        received += buffer[..<count]
      } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
        Glibc.close(descriptor)
        return .failure(.transport(.connectionLost(endpoint: endpoint)))
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
        guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else {
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
        guard wait(descriptor, for: Int16(POLLOUT), until: deadline) else { return false }
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
