import Foundation
import Glibc
import Synchronization

/// A TCP relay on 127.0.0.1 in front of a PostgreSQL server that counts round trips: each time
/// a client sends after the server has answered (or sends first) is one. A client that pipelines
/// several statements sends them before reading, so they count once.
///
/// Each accepted connection is relayed by one thread of its own, polling both ends.
final class RoundTripCountingRelay: Sendable {
  let port: UInt16
  private let listener: Int32
  private let target: UInt16
  private let trips = Atomic<Int>(0)

  struct Failure: Error {
    let step: String
  }

  /// Round trips made by every relayed connection so far.
  var roundTrips: Int { trips.load(ordering: .acquiring) }

  /// Starts relaying to `targetPort` on 127.0.0.1.
  init(targetPort: Int) throws {
    target = UInt16(targetPort)
    let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard listener >= 0 else { throw Failure(step: "socket") }
    var address = Self.loopback(port: 0)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(listener, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(listener, 16) == 0 else { throw Failure(step: "bind") }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) }
    }
    self.listener = listener
    port = UInt16(bigEndian: address.sin_port)
    Thread { [self] in acceptLoop() }.start()
  }

  /// Stops accepting; relayed connections end when their client or server closes.
  func stop() { shutdown(listener, Int32(SHUT_RDWR)) }

  private static func loopback(port: UInt16) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    return address
  }

  private func acceptLoop() {
    while true {
      let client = accept(listener, nil, nil)
      guard client >= 0 else {
        if errno == EINTR { continue }
        return
      }
      let upstream = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = Self.loopback(port: target)
      let connected = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          connect(upstream, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
      guard connected == 0 else {
        close(upstream)
        close(client)
        continue
      }
      Thread { [self] in
        relay(client: client, server: upstream)
        close(client)
        close(upstream)
      }.start()
    }
  }

  private func relay(client: Int32, server: Int32) {
    var buffer = [UInt8](repeating: 0, count: 65536)
    var serverSpokeLast = true
    while true {
      var ends = [
        pollfd(fd: client, events: Int16(POLLIN), revents: 0),
        pollfd(fd: server, events: Int16(POLLIN), revents: 0),
      ]
      guard poll(&ends, 2, -1) > 0 else {
        if errno == EINTR { continue }
        return
      }
      for (index, end) in ends.enumerated() where end.revents != 0 {
        let fromClient = index == 0
        let count = buffer.withUnsafeMutableBytes { recv(end.fd, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return }
        if fromClient && serverSpokeLast { trips.add(1, ordering: .releasing) }
        serverSpokeLast = !fromClient
        var sent = 0
        while sent < count {
          let written = buffer.withUnsafeBytes { bytes in
            send(
              fromClient ? server : client, bytes.baseAddress.map { $0 + sent }, count - sent,
              Int32(MSG_NOSIGNAL))
          }
          guard written > 0 else { return }
          sent += written
        }
      }
    }
  }
}
