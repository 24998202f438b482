import Foundation
import Glibc
import Synchronization

/// A TCP server on 127.0.0.1 (kernel-chosen port) that hands each accepted connection to a
/// handler on a thread of its own and counts the connections, for tests that need raw control
/// of the bytes (a truncated body, a dropped connection, an endless answer) or that count how
/// many connections a client opens.
///
/// ``proxy(to:)`` makes one that relays every connection to another port, so a real server can
/// be put behind a connection counter.
///
/// Thread safety: state behind a `Mutex`; stops (and wakes every handler's blocking call) when
/// released or on ``stop()``.
public final class LoopbackTCPServer: Sendable {
  private struct State {
    var accepted = 0
    var clients: Set<Int32> = []
    var isStopped = false
  }

  /// The port it listens on.
  public let port: UInt16
  private let listener: Int32
  private let state = Mutex(State())

  /// Starts listening; `handler` gets each connection's descriptor (closed after it returns).
  ///
  /// - Parameter handler: called on the connection's thread with the descriptor and the
  ///   connection's number (0 for the first).
  /// - Throws: ``LoopbackHTTPStub/SocketError`` when the socket cannot be set up.
  public init(handler: @escaping @Sendable (Int32, Int) -> Void) throws {
    let socket = try LoopbackSocket.listening(backlog: 64)
    listener = socket.descriptor
    port = socket.port
    Thread.detachNewThread { [self] in acceptLoop(handler) }
  }

  /// A server relaying each connection to `127.0.0.1:port`, both ways, until either side closes.
  ///
  /// - Throws: ``LoopbackHTTPStub/SocketError`` when the socket cannot be set up.
  public static func proxy(to port: UInt16) throws -> LoopbackTCPServer { try relay(to: { port }) }

  /// A relay to the port `target` gives when a connection arrives (0: the connection is closed at
  /// once), for tests that watch, hold back or cut the bytes between a client and a real server.
  ///
  /// - Parameter watcher: makes each connection's watcher, which sees every chunk (`fromClient`
  ///   says which way) on the connection's thread before it is passed on, and ends the
  ///   connection by returning false.
  /// - Throws: ``LoopbackHTTPStub/SocketError`` when the socket cannot be set up.
  public static func relay(
    to target: @escaping @Sendable () -> UInt16,
    watcher: @escaping @Sendable () -> (_ fromClient: Bool, _ chunk: ArraySlice<UInt8>) -> Bool = {
      { _, _ in true }
    }
  ) throws -> LoopbackTCPServer {
    try LoopbackTCPServer { client, _ in
      let port = target()
      guard port != 0, let upstream = try? RawHTTPConnection.connectedSocket(port: port) else { return }
      defer { _ = close(upstream) }
      relay(client, upstream, watcher())
    }
  }

  /// How many connections were accepted so far.
  public var acceptedConnections: Int { state.withLock { $0.accepted } }

  /// `http://127.0.0.1:<port><path>`.
  public func url(path: String = "/graphql") -> URL {
    URL(string: "http://127.0.0.1:\(port)\(path)") ?? URL(fileURLWithPath: "/")
  }

  /// Stops listening and shuts every open connection down. Idempotent.
  public func stop() {
    state.withLock { state in
      guard !state.isStopped else { return }
      state.isStopped = true
      _ = shutdown(listener, Int32(SHUT_RDWR))
      for client in state.clients { _ = shutdown(client, Int32(SHUT_RDWR)) }
    }
  }

  /// Shuts every open connection down, as a network failure would, and keeps listening.
  public func cutConnections() {
    state.withLock { state in
      for client in state.clients { _ = shutdown(client, Int32(SHUT_RDWR)) }
    }
  }

  deinit { stop() }

  private func acceptLoop(_ handler: @escaping @Sendable (Int32, Int) -> Void) {
    defer { _ = close(listener) }
    while true {
      let client = accept(listener, nil, nil)
      if client < 0 {
        if errno == EINTR || errno == ECONNABORTED { continue }
        return
      }
      // Test processes spawn children; they must not inherit (and hold open) a connection.
      _ = fcntl(client, F_SETFD, FD_CLOEXEC)
      let number: Int? = state.withLock { state in
        guard !state.isStopped else { return nil }
        state.clients.insert(client)
        defer { state.accepted += 1 }
        return state.accepted
      }
      guard let number else {
        _ = close(client)
        return
      }
      Thread.detachNewThread { [self] in
        handler(client, number)
        state.withLock { state in
          state.clients.remove(client)
          _ = close(client)
        }
      }
    }
  }

  /// Copies bytes both ways between `client` and `server` until one side ends or `watcher` ends it.
  private static func relay(
    _ client: Int32, _ server: Int32, _ watcher: (_ fromClient: Bool, _ chunk: ArraySlice<UInt8>) -> Bool
  ) {
    var buffer = [UInt8](repeating: 0, count: 64 * 1024)
    var fds = [
      pollfd(fd: client, events: Int16(POLLIN), revents: 0),
      pollfd(fd: server, events: Int16(POLLIN), revents: 0),
    ]
    while true {
      let ready = poll(&fds, 2, -1)
      if ready < 0 {
        if errno == EINTR { continue }
        return
      }
      for index in 0..<2 where fds[index].revents != 0 {
        let from = fds[index].fd
        let to = fds[1 - index].fd
        let count = buffer.withUnsafeMutableBytes { recv(from, $0.baseAddress, $0.count, 0) }
        guard count > 0 else {
          _ = shutdown(to, Int32(SHUT_WR))
          return
        }
        guard watcher(index == 0, buffer[0..<count]), sendAll(to, Array(buffer[0..<count])) else { return }
      }
    }
  }

  /// Writes all of `bytes`; false when the peer is gone.
  @discardableResult
  public static func sendAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        // MSG_NOSIGNAL: a peer that closes mid-send (a server refusing an upload, as the
        // body-limit tests expect) must end the send with EPIPE, not kill the test process with
        // SIGPIPE.
        let sent = send(
          descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, Int32(MSG_NOSIGNAL))
        if sent < 0 && errno == EINTR { continue }
        guard sent > 0 else { return false }
        offset += sent
      }
      return true
    }
  }

  /// What has arrived on `descriptor`, at most `capacity` bytes, waiting for something (again
  /// after a signal); nil at the end of the stream or on an error.
  public static func receive(_ descriptor: Int32, upTo capacity: Int) -> [UInt8]? {
    var chunk = [UInt8](repeating: 0, count: capacity)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count > 0 { return Array(chunk[0..<count]) }
      if count < 0 && errno == EINTR { continue }
      return nil
    }
  }

  /// Reads until the end of a request head and its `Content-Length` body; nil when the client
  /// closed first. Good enough for the client's small POSTs.
  public static func readRequest(_ descriptor: Int32) -> String? {
    var received: [UInt8] = []
    while true {
      let text = String(decoding: received, as: UTF8.self)
      if let end = text.range(of: "\r\n\r\n") {
        let head = text[..<end.lowerBound].lowercased()
        let length =
          head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
          .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
        if text.utf8.count - text.utf8.distance(from: text.startIndex, to: end.upperBound) >= length {
          return text
        }
      }
      guard let chunk = receive(descriptor, upTo: 16 * 1024) else { return nil }
      received += chunk
    }
  }

  /// Waits until the peer closes `descriptor` (or `timeout` passes); true when it closed.
  public static func waitForPeerClose(_ descriptor: Int32, timeout: Duration) -> Bool {
    let deadline = ContinuousClock.now + timeout
    var buffer = [UInt8](repeating: 0, count: 4096)
    while ContinuousClock.now < deadline {
      var poller = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      let ready = poll(&poller, 1, 100)
      if ready < 0 && errno == EINTR { continue }
      guard ready > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      if count <= 0 { return true }
    }
    return false
  }
}
