import Foundation
import Glibc
import Synchronization

/// A TCP relay on 127.0.0.1 in front of whichever `serve` is current, for the chaos test: each
/// accepted connection is relayed byte for byte to the target port (refused while there is
/// none), and ``cutAll()`` cuts every relayed connection at once, as a network failure would.
final class CuttableProxy: Sendable {
  let port: UInt16
  private let listener: Int32
  private let target = Atomic<Int>(0)
  private let open = Mutex<Set<Int32>>([])
  private let running = Atomic<Bool>(true)
  /// When set, requests still reach the server but its answers are dropped and the client's
  /// connection cut: an answer lost after the server committed.
  let dropsAnswers = Atomic<Bool>(false)
  /// With ``dropsAnswers``: only the answers to requests that carry an `Idempotency-Key` (the
  /// changes) are dropped.
  let dropsOnlyChanges = Atomic<Bool>(false)
  /// Milliseconds each chunk of an answer waits before it is relayed (0: none).
  let answerDelay = Atomic<Int>(0)

  struct Failure: Error {
    let step: String
  }

  init() throws {
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failure(step: "socket") }
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 128) == 0 else { throw Failure(step: "bind") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread { [self] in acceptLoop() }.start()
  }

  /// Relays new connections to `port` (0: refuse them).
  func setTarget(_ port: UInt16) { target.store(Int(port), ordering: .relaxed) }

  /// Cuts every relayed connection (both sides see the connection end).
  func cutAll() {
    open.withLock { descriptors in
      for descriptor in descriptors { shutdown(descriptor, Int32(SHUT_RDWR)) }
    }
  }

  /// Stops accepting and cuts everything.
  func stop() {
    running.store(false, ordering: .relaxed)
    shutdown(listener, Int32(SHUT_RDWR))
    cutAll()
  }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  private func acceptLoop() {
    while running.load(ordering: .relaxed) {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        return
      }
      let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = Self.loopback(port: UInt16(clamping: target.load(ordering: .relaxed)))
      let connected =
        address.sin_port != 0
        && withUnsafePointer(to: &address) {
          $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
            connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
          }
        } == 0
      guard connected else {
        close(upstream)
        close(client)
        continue
      }
      open.withLock {
        $0.insert(client)
        $0.insert(upstream)
      }
      let ends = EndCount()
      // Whether the connection's latest request carried an Idempotency-Key.
      let keyed = EndCount()
      let finish: @Sendable () -> Void = { [self] in
        open.withLock { descriptors in
          shutdown(client, Int32(SHUT_RDWR))
          shutdown(upstream, Int32(SHUT_RDWR))
          // The second relay to end closes both, out of the set first (so no cut touches a
          // reused descriptor).
          if ends.count.add(1, ordering: .relaxed).newValue == 2 {
            descriptors.remove(client)
            descriptors.remove(upstream)
            close(client)
            close(upstream)
          }
        }
      }
      Thread {
        Self.relay(
          from: client, to: upstream,
          saw: { bytes in
            let text = String(decoding: bytes, as: UTF8.self).lowercased()
            if text.contains(" http/1.1\r\n") {
              keyed.count.store(text.contains("\r\nidempotency-key:") ? 1 : 0, ordering: .relaxed)
            }
          })
        finish()
      }.start()
      Thread { [self] in
        Self.relay(
          from: upstream, to: client,
          drops: {
            dropsAnswers.load(ordering: .relaxed)
              && (!dropsOnlyChanges.load(ordering: .relaxed) || keyed.count.load(ordering: .relaxed) == 1)
          },
          delay: { answerDelay.load(ordering: .relaxed) })
        finish()
      }.start()
    }
  }

  /// How many of a connection's two relays have ended.
  private final class EndCount: Sendable {
    let count = Atomic<Int>(0)
  }

  private static func relay(
    from source: Int32, to destination: Int32, saw: (ArraySlice<UInt8>) -> Void = { _ in },
    drops: () -> Bool = { false }, delay: () -> Int = { 0 }
  ) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(source, $0.baseAddress, $0.count, 0) }
      if count < 0 && errno == EINTR { continue }
      guard count > 0 else { return }
      saw(buffer[..<count])
      if drops() { return }
      if delay() > 0 { usleep(useconds_t(delay() * 1000)) }
      var sent = 0
      while sent < count {
        let written = buffer.withUnsafeBytes {
          send(destination, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL))
        }
        if written < 0 && errno == EINTR { continue }
        guard written > 0 else { return }
        sent += written
      }
    }
  }
}
