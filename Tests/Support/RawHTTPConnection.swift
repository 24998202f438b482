import Foundation
import Glibc

/// A plain TCP connection to a loopback address, for requests URLSession cannot make (no `Accept`, no
/// `Content-Type`, half-sent requests) and for watching the server close a connection.
public final class RawHTTPConnection {
  public struct ConnectionFailed: Error {
    public let errorNumber: Int32
  }

  private let socket: Int32
  /// Received bytes not yet returned by `readResponse`.
  private var pending: [UInt8] = []

  /// Connects to 127.0.0.1 (or to ::1 with `ipv6`), or throws `ConnectionFailed` (with
  /// `ECONNREFUSED` when nobody listens).
  /// - Parameters:
  ///   - source: the IPv4 loopback address to connect from, such as 127.0.0.2, so the server
  ///     sees another client address (default: the system's choice, 127.0.0.1).
  ///   - readTimeoutSeconds: how long a read waits for data before giving up.
  public init(port: UInt16, ipv6: Bool = false, source: String? = nil, readTimeoutSeconds: Int = 5) throws {
    // Stored only once connected: Swift runs `deinit` when an initializer throws after every
    // property is set, so a socket stored before a failed connect would be closed twice, the
    // second time under a number another thread may have reused by then.
    socket = try Self.connectedSocket(port: port, ipv6: ipv6, source: source)
    setReadTimeout(seconds: readTimeoutSeconds)
  }

  /// A new socket connected to `port` on the loopback address, or `ConnectionFailed` (after
  /// closing it). Close-on-exec: a `serve` the tests start meanwhile must not hold a copy, which
  /// would keep the connection open after the test closes it.
  static func connectedSocket(port: UInt16, ipv6: Bool = false, source: String? = nil) throws -> Int32 {
    let socket = Glibc.socket(
      ipv6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard socket >= 0 else { throw ConnectionFailed(errorNumber: errno) }
    if let source, !ipv6 {
      var local = sockaddr_in()
      local.sin_family = sa_family_t(AF_INET)
      local.sin_addr.s_addr = inet_addr(source)
      if withSocketAddress(local, { bind(socket, $0, $1) }) != 0 {
        let error = errno
        close(socket)
        throw ConnectionFailed(errorNumber: error)
      }
    }
    let result: Int32
    if ipv6 {
      var address = sockaddr_in6()
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      address.sin6_addr = in6addr_loopback
      result = withSocketAddress(address) { connect(socket, $0, $1) }
    } else {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      result = withSocketAddress(address) { connect(socket, $0, $1) }
    }
    if result != 0 {
      let error = errno
      close(socket)
      throw ConnectionFailed(errorNumber: error)
    }
    return socket
  }

  deinit { close(socket) }

  /// The connection's own port (the server sees the client at it).
  public func localPort() throws -> UInt16 {
    var address = sockaddr_in()
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(socket, $0, &length) }
    }
    guard named == 0 else { throw ConnectionFailed(errorNumber: errno) }
    // The port sits at the same offset in an IPv6 address (whose rest is cut off here).
    return UInt16(bigEndian: address.sin_port)
  }

  /// Changes how long a read waits for data.
  public func setReadTimeout(seconds: Int) {
    var timeout = timeval(tv_sec: seconds, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
  }

  /// Sends all of `bytes`, or as much as the server takes before it closes the connection.
  /// - Returns: whether every byte was sent (false after a broken pipe or a reset).
  @discardableResult public func send(_ bytes: [UInt8]) -> Bool { LoopbackTCPServer.sendAll(socket, bytes) }

  @discardableResult public func send(_ text: String) -> Bool { send(Array(text.utf8)) }

  /// Half-closes the connection: the server sees the end of the request stream, and can still
  /// answer.
  public func finishSending() { shutdown(socket, Int32(SHUT_WR)) }

  /// Asks for a small receive buffer (set before much data arrives), so that a reader that
  /// takes nothing soon stops the server's writes instead of the kernel absorbing megabytes.
  public func shrinkReceiveBuffer(to bytes: Int32) {
    var size = bytes
    setsockopt(socket, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
  }

  /// Whether the server has closed or reset the connection by now, waiting up to `milliseconds`
  /// for it; data that arrives meanwhile is read and dropped.
  public func closedWithin(milliseconds: Int32) -> Bool {
    var entry = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&entry, 1, milliseconds) > 0 else { return false }
    var chunk = [UInt8](repeating: 0, count: 4096)
    let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
    return count == 0 || (count < 0 && errno != EAGAIN && errno != EINTR)
  }

  /// Reads what has arrived (waiting up to the read timeout); nil when the connection closed,
  /// failed or the timeout passed.
  public func receiveSome() -> [UInt8]? { LoopbackTCPServer.receive(socket, upTo: 65536) }

  /// Reads until the server closes the connection or the read timeout passes.
  /// - Returns: the bytes and whether the connection was closed by the server.
  public func readToEnd() -> (bytes: [UInt8], closed: Bool) {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count > 0 {
        received.append(contentsOf: chunk[0..<count])
      } else {
        return (received, count == 0 || errno == ECONNRESET)
      }
    }
  }

  /// Reads one response whose head says `Content-Length` (the server always sends it). Bytes
  /// past it (pipelined responses) are kept for the next call.
  public func readResponse() -> (status: Int, head: String, body: String)? {
    while true {
      if let end = pending.indices.dropLast(3).first(where: {
        pending[$0..<($0 + 4)].elementsEqual([13, 10, 13, 10])
      }) {
        let head = String(decoding: pending[..<end], as: UTF8.self)
        let length =
          head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
          .flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) } ?? 0
        if pending.count - (end + 4) >= length {
          let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
          pending.removeFirst(end + 4 + length)
          let statusWord = head.split(separator: " ").dropFirst().first
          return (statusWord.flatMap { Int($0) } ?? 0, head, body)
        }
      }
      guard let chunk = receiveSome() else { return nil }
      pending += chunk
    }
  }

}
