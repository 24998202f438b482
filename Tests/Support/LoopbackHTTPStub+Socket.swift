import Glibc

extension LoopbackHTTPStub {
  /// A socket call failed while setting up the stub.
  public struct SocketError: Error, Sendable, CustomStringConvertible {
    /// The call, such as "bind".
    public var operation: String
    /// Its `errno` value.
    public var code: Int32

    /// "bind: Address already in use".
    public var description: String { "\(operation): \(String(cString: strerror(code)))" }
  }

  /// A loopback port that nothing listens on: bound to learn a free port, then closed.
  ///
  /// Connecting to it is refused (unless another program grabs it in between, which is unlikely).
  ///
  /// - Throws: ``SocketError`` when no socket can be bound.
  public static func closedPort() throws -> UInt16 {
    let socket = try LoopbackSocket.listening(backlog: 1)
    defer { _ = close(socket.descriptor) }
    return socket.port
  }
}

/// A TCP socket bound to 127.0.0.1 on a kernel-chosen port, listening.
struct LoopbackSocket {
  /// The listening descriptor, owned by the caller.
  let descriptor: Int32
  /// The port it is bound to.
  let port: UInt16

  /// Creates, binds and starts listening.
  static func listening(backlog: Int32) throws -> LoopbackSocket {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw LoopbackHTTPStub.SocketError(operation: "socket", code: errno) }
    do {
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = 0
      address.sin_addr.s_addr = in_addr_t(0x7f00_0001).bigEndian
      guard withSocketAddress(address, { bind(descriptor, $0, $1) }) == 0 else {
        throw LoopbackHTTPStub.SocketError(operation: "bind", code: errno)
      }
      guard listen(descriptor, backlog) == 0 else {
        throw LoopbackHTTPStub.SocketError(operation: "listen", code: errno)
      }
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &address) { pointer in
        pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      guard named == 0 else { throw LoopbackHTTPStub.SocketError(operation: "getsockname", code: errno) }
      return LoopbackSocket(descriptor: descriptor, port: UInt16(bigEndian: address.sin_port))
    } catch {
      _ = close(descriptor)
      throw error
    }
  }
}

/// Calls `body` (`bind`, `connect`) with `address` as the `sockaddr` pointer and length it takes.
func withSocketAddress<Address>(_ address: Address, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32)
  -> Int32
{
  withUnsafePointer(to: address) { pointer in
    pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
      body($0, socklen_t(MemoryLayout<Address>.size))
    }
  }
}
