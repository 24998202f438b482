import Foundation
import Glibc
import TestSupport
import Testing

@testable import GraphQLHTTP

/// One client must not shut out the others: a per-address connection budget, a deadline for the
/// whole request head, and slow readers dropped. Clients under test connect from 127.0.0.1, the
/// well-behaved one from 127.0.0.2 (bound before connect).
@Suite(.serialized) struct FairnessTests {
  private static let query = #"{"query":"{ __typename }"}"#

  private static func post(_ body: String = query) -> String {
    "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
      + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  /// Raises this process's descriptor limit so that a test can hold `count` sockets (both ends
  /// live in this process), or returns false when the hard limit is too low.
  private static func allowDescriptors(_ count: Int) -> Bool {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return false }
    if limit.rlim_cur >= rlim_t(count) { return true }
    guard limit.rlim_max >= rlim_t(count) else { return false }
    limit.rlim_cur = rlim_t(count)
    return setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0
  }

  @Test func connectionsOverTheAddressBudgetAreClosedWhileOtherAddressesAreServed() throws {
    let server = try TestServer(configuration: .init(maxConnectionsPerAddress: 4, threads: 1))
    let held = try (0..<4).map { _ in try RawHTTPConnection(port: server.port, source: "127.0.0.1") }
    // Each of the four is accepted (it is answered), so they hold their slots.
    for connection in held {
      connection.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(connection.readResponse()?.status == 200)
    }
    let fifth = try RawHTTPConnection(port: server.port, source: "127.0.0.1", readTimeoutSeconds: 5)
    #expect(fifth.closedWithin(milliseconds: 5000))
    let other = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    other.send(Self.post())
    #expect(other.readResponse()?.status == 200)
  }

  @Test func headDeadlineIsNotRenewedByEachByte() throws {
    let server = try TestServer(
      configuration: .init(connectionTimeoutSeconds: 30, headTimeoutSeconds: 1, threads: 1))
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.1")
    let head = Array("GET / HTTP/1.1\r\nHost: x\r\nX-Pad: " + String(repeating: "a", count: 200))
    // One byte every 50 ms renews libmicrohttpd's 30 s idle timer each time; the 1 s head
    // deadline still ends it, long before the 200 bytes (10 s) are through.
    var sent = 0
    var closed = false
    for byte in head {
      guard connection.send(String(byte)) else {
        closed = true
        break
      }
      sent += 1
      if connection.closedWithin(milliseconds: 50) {
        closed = true
        break
      }
    }
    #expect(closed)
    #expect(sent < head.count)
    #expect(server.server.headTimeouts >= 1)
  }

  @Test func keptAliveConnectionGetsAFreshHeadDeadline() throws {
    let server = try TestServer(
      configuration: .init(connectionTimeoutSeconds: 30, headTimeoutSeconds: 2, threads: 1))
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    for _ in 0..<3 {
      connection.send(Self.post())
      #expect(connection.readResponse()?.status == 200)
    }
    #expect(server.server.headTimeouts == 0)
  }

  @Test func slowlorisStormDoesNotLockOutOtherClients() throws {
    try #require(Self.allowDescriptors(4096), "the descriptor hard limit is below 4096")
    let server = try TestServer(configuration: .init(connectionTimeoutSeconds: 10, threads: 2))
    // 1,100 connections from 127.0.0.1, each with a head that never ends: more than the
    // server's 1,024 slots, which locked every other client out before the per-address budget.
    var storm: [RawHTTPConnection] = []
    for _ in 0..<1100 {
      guard let connection = try? RawHTTPConnection(port: server.port, source: "127.0.0.1") else { continue }
      connection.send("POST /graphql HTTP/1.1\r\nHost: x\r\nX-Slow: ")
      storm.append(connection)
    }
    #expect(storm.count > 1000)
    let client = try RawHTTPConnection(port: server.port, source: "127.0.0.2", readTimeoutSeconds: 5)
    var answered = 0
    for _ in 0..<50 {
      client.send(Self.post())
      if client.readResponse()?.status == 200 { answered += 1 }
      // Keep the storm's bytes coming, a few at a time, as a slowloris client does.
      for connection in storm.prefix(64) { connection.send("a") }
    }
    #expect(answered == 50)
    // A fresh connection from the other address is accepted too.
    let fresh = try RawHTTPConnection(port: server.port, source: "127.0.0.2", readTimeoutSeconds: 5)
    fresh.send(Self.post())
    #expect(fresh.readResponse()?.status == 200)
  }

  @Test func readerThatTakesNothingIsDropped() throws {
    let server = try TestServer(configuration: .init(connectionTimeoutSeconds: 1, threads: 1))
    let connection = try RawHTTPConnection(port: server.port, source: "127.0.0.2")
    connection.shrinkReceiveBuffer(to: 4096)
    // An 8 MiB answer that the client never reads: the server's writes stall, and after 1 s
    // without progress the connection is dropped and the request completes.
    connection.send(Self.post(#"{"query":"{ big }"}"#))
    var waited = 0
    while server.server.requestsInFlight > 0 || server.log.entries.isEmpty, waited < 400 {
      usleep(50_000)
      waited += 1
    }
    #expect(server.log.entries.count == 1)
    #expect(server.server.requestsInFlight == 0)
  }
}
