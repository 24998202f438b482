import Foundation
import Glibc
import GraphQLHTTP
import TestSupport
import Testing
import WebSocket

/// What keeps a WebSocket round trip at wire speed: a frame's header and payload leave in one
/// write (a header written alone is a segment of its own, after which the payload waits for the
/// peer's delayed ACK), and the upgraded socket has Nagle's algorithm off. Both are asserted on
/// what the code did (writes counted, the socket option read back), never on timings.
@Suite struct WebSocketWriteTests {
  /// A connected pair of stream sockets, the first non-blocking (as the framing's sockets are).
  static func socketPair() throws -> (Int32, Int32) {
    var pair: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0)
    _ = fcntl(pair[0], F_SETFL, fcntl(pair[0], F_GETFL) | O_NONBLOCK)
    return (pair[0], pair[1])
  }

  /// Everything the peer end has, read without blocking.
  static func drain(_ socket: Int32) -> [UInt8] {
    var received: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
      guard count > 0 else { return received }
      received += chunk[..<count]
    }
  }

  @Test(arguments: [WebSocketFraming.Role.server, .client])
  func eachFrameLeavesInOneWrite(role: WebSocketFraming.Role) throws {
    try #require(WebSocketFraming.libraryError == nil)
    let (local, peer) = try Self.socketPair()
    defer {
      close(local)
      close(peer)
    }
    let framing = try #require(
      WebSocketFraming(role: role, socket: local, pendingInput: [], maxMessageBytes: 1 << 20))
    defer { framing.free() }
    let messages = [#"{"type":"connection_ack"}"#, #"{"type":"pong"}"#, String(repeating: "x", count: 300)]
    for message in messages { #expect(framing.queue(Array(message.utf8))) }
    #expect(framing.flush())
    // One write per frame: before, each frame took two (the header, then the payload).
    #expect(framing.writeCalls == messages.count)
    let headerBytes = role == .server ? [2, 2, 4] : [6, 6, 8]
    let expected = zip(messages, headerBytes).reduce(0) { $0 + $1.0.utf8.count + $1.1 }
    #expect(framing.bytesWritten == expected)
    #expect(Self.drain(peer).count == expected)
  }

  @Test func aMaskedMessageLargerThanWslaysChunkTakesNoExtraWriteForItsHeader() throws {
    try #require(WebSocketFraming.libraryError == nil)
    let (local, peer) = try Self.socketPair()
    defer {
      close(local)
      close(peer)
    }
    var size = Int32(1 << 20)
    setsockopt(local, SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    let framing = try #require(
      WebSocketFraming(role: .client, socket: local, pendingInput: [], maxMessageBytes: 1 << 20))
    defer { framing.free() }
    // wslay masks a client's payload 4,096 bytes at a time, writing each chunk.
    #expect(framing.queue([UInt8](repeating: 0x61, count: 10_000)))
    #expect(framing.flush())
    #expect(framing.writeCalls == 3)
    #expect(Self.drain(peer).count == 10_000 + 8)
  }

  @Test func aHeaderTheSocketDidNotTakeIsWrittenBeforeItsPayload() throws {
    try #require(WebSocketFraming.libraryError == nil)
    let (local, peer) = try Self.socketPair()
    defer {
      close(local)
      close(peer)
    }
    let framing = try #require(
      WebSocketFraming(role: .server, socket: local, pendingInput: [], maxMessageBytes: 1 << 20))
    defer { framing.free() }
    // Fill the socket so that writes block, then let frames through a little at a time: the
    // bytes that arrive are exactly the frames, in order, whatever each write took.
    let filler = [UInt8](repeating: 0x7a, count: 4096)
    var filled = 0
    while filler.withUnsafeBytes({ send(local, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }) > 0 {
      filled += filler.count
    }
    let messages = (0..<50).map { Array("message \($0) ".utf8) + [UInt8](repeating: 0x62, count: 700) }
    for message in messages { #expect(framing.queue(message)) }
    var received: [UInt8] = []
    for _ in 0..<10_000 where framing.wantsWrite {
      #expect(framing.flush())
      var chunk = [UInt8](repeating: 0, count: 1000)
      let count = chunk.withUnsafeMutableBytes { recv(peer, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
      if count > 0 { received += chunk[..<count] }
    }
    received += Self.drain(peer)
    let frames = received.dropFirst(received.count - messages.reduce(0) { $0 + $1.count + 4 })
    var expected: [UInt8] = []
    for message in messages {
      expected += [0x81, 126, UInt8(message.count >> 8), UInt8(message.count & 0xff)] + message
    }
    #expect(Array(frames) == expected)
    #expect(received.count - expected.count == filled)
  }

  /// The server's end of a connection from `clientPort`, found among this process's descriptors
  /// (the server runs in the test's process) by its addresses.
  static func serverSocket(port: UInt16, peerPort: UInt16) -> Int32? {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
      return nil
    }
    for name in names {
      guard let descriptor = Int32(name) else { continue }
      var local = sockaddr_in()
      var peer = sockaddr_in()
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let named = withUnsafeMutablePointer(to: &local) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
      }
      guard named == 0, local.sin_family == sa_family_t(AF_INET), UInt16(bigEndian: local.sin_port) == port
      else {
        continue
      }
      length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let connected = withUnsafeMutablePointer(to: &peer) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getpeername(descriptor, $0, &length) }
      }
      if connected == 0, UInt16(bigEndian: peer.sin_port) == peerPort { return descriptor }
    }
    return nil
  }

  @Test func theUpgradedSocketKeepsNagleOff() throws {
    let server = try TestServer(service: StreamingFakeService())
    let client = try WebSocketTestClient(port: server.port, subprotocols: "graphql-transport-ws")
    client.send(text: #"{"type":"connection_init"}"#)
    #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
    let socket = try #require(Self.serverSocket(port: server.port, peerPort: try client.localPort()))
    var value: Int32 = 0
    var length = socklen_t(MemoryLayout<Int32>.size)
    #expect(getsockopt(socket, Int32(IPPROTO_TCP), TCP_NODELAY, &value, &length) == 0)
    #expect(value == 1)
  }
}
