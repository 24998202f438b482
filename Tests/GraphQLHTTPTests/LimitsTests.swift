import Foundation
import Glibc
import GraphQL
import GraphQLHTTP
import GraphQLWire
import TestSupport
import Testing

@testable import GraphQLHTTP

@Suite struct LimitsTests {
  @Test func twoMebibyteBodyIs413() async throws {
    let server = try TestServer()
    let padding = String(repeating: " ", count: 2 << 20)
    let response = try await server.post(#"{"query":"{ __typename }"\#(padding)}"#)
    #expect(response.status == 413)
    #expect(response.json?["errors"] != nil)
  }

  @Test func bodyJustUnderTheLimitIsRead() async throws {
    let server = try TestServer()
    let padding = String(repeating: " ", count: (1 << 20) - 64)
    let response = try await server.post(#"{"query":"{ __typename }"\#(padding)}"#)
    #expect(response.status == 200)
  }

  @Test func chunkedBodyOverTheLimitIsAnswered413() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n")
    // 1.5 MiB, over the 1 MiB limit; without Content-Length the server only learns that while
    // reading, and libmicrohttpd cannot answer mid-upload, so it drops the rest, then answers.
    let chunk = "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n"
    for _ in 0..<24 { connection.send(chunk) }
    connection.send("0\r\n\r\n")
    let (bytes, closed) = connection.readToEnd()
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("HTTP/1.1 413"))
    #expect(text.lowercased().contains("connection: close"))
    #expect(closed)
  }

  @Test func endlessChunkedBodyIsCutOff() throws {
    // A 64 KiB limit: the server drops up to 1 MiB past it, then closes the connection.
    let server = try TestServer(configuration: .init(maxBodyBytes: 64 << 10, connectionTimeoutSeconds: 5))
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
        + "Transfer-Encoding: chunked\r\n\r\n")
    let chunk = "10000\r\n" + String(repeating: " ", count: 0x10000) + "\r\n"
    for _ in 0..<40 { connection.send(chunk) }
    let (bytes, closed) = connection.readToEnd()
    #expect(bytes.isEmpty)
    #expect(closed)
  }

  @Test func halfSentRequestTimesOut() throws {
    let server = try TestServer(configuration: .init(connectionTimeoutSeconds: 1, threads: 1))
    let connection = try RawHTTPConnection(port: server.port, readTimeoutSeconds: 90)
    connection.send("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Len")
    let started = ContinuousClock.now
    let (bytes, closed) = connection.readToEnd()
    let elapsed = ContinuousClock.now - started
    #expect(closed)
    #expect(bytes.isEmpty)
    // The server closes after its 1 s timeout; a broken one would leave the read to time out at 90 s.
    #expect(elapsed < .seconds(60))
  }

  @Test func halfSentBodyTimesOut() throws {
    let server = try TestServer(configuration: .init(connectionTimeoutSeconds: 1, threads: 1))
    let connection = try RawHTTPConnection(port: server.port, readTimeoutSeconds: 90)
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{")
    let started = ContinuousClock.now
    let (_, closed) = connection.readToEnd()
    #expect(closed)
    #expect(ContinuousClock.now - started < .seconds(60))
  }

  @Test func connectionsOverTheLimitWaitForAFreeSlot() throws {
    var configuration = GraphQLHTTPServer.Configuration(connectionLimit: 2, threads: 1)
    // Without subscription slots, libmicrohttpd's own count is the limit.
    configuration.maxSubscriptionConnections = 0
    let server = try TestServer(configuration: configuration)
    var first: RawHTTPConnection? = try RawHTTPConnection(port: server.port)
    let second = try RawHTTPConnection(port: server.port)
    #expect(first != nil)
    let third = try RawHTTPConnection(port: server.port, readTimeoutSeconds: 1)
    third.send("GET / HTTP/1.1\r\nHost: x\r\n\r\n")
    // Two idle connections hold both slots: libmicrohttpd leaves the third in the backlog.
    #expect(third.readResponse() == nil)
    first = nil
    third.setReadTimeout(seconds: 5)
    #expect(third.readResponse()?.status == 200)
    _ = second
  }

  @Test func theConnectionLimitHoldsBesideTheSubscriptionSlots() throws {
    // libmicrohttpd counts ordinary and long-lived connections together (2 + 100 here); the
    // ordinary ones are held to their own limit: stalled heads cannot take the subscriptions'
    // slots.
    var configuration = GraphQLHTTPServer.Configuration(
      connectionLimit: 2, maxConnectionsPerAddress: 0, threads: 1)
    configuration.maxSubscriptionConnections = 100
    let server = try TestServer(configuration: configuration)
    var stalled = try (0..<2).map { _ in try RawHTTPConnection(port: server.port) }
    for connection in stalled { connection.send("GET /graphql HTTP/1.1\r\nHost: x\r\n") }
    let overTheLimit = try RawHTTPConnection(port: server.port)
    #expect(overTheLimit.closedWithin(milliseconds: 3000))
    // Slots freed are slots taken again (once the server has seen the closes).
    stalled.removeAll()
    var status: Int?
    for _ in 0..<100 where status == nil {
      let next = try RawHTTPConnection(port: server.port, readTimeoutSeconds: 5)
      next.send("GET /graphql?query=%7B__typename%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n")
      status = next.readResponse()?.status
      if status == nil { usleep(20_000) }
    }
    #expect(status == 200)
  }

  @Test func everyHeadSizeNearTheBoundGetsAnAnswer() throws {
    let server = try TestServer()
    // A head just under libmicrohttpd's pool used to leave it no room to answer at all.
    for size in stride(from: 32_000, through: 34_000, by: 120) {
      let connection = try RawHTTPConnection(port: server.port)
      connection.send(
        "GET /graphql?query=%7B__typename%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n"
          + "Authorization: \(String(repeating: "a", count: size))\r\n\r\n")
      let status = connection.readResponse()?.status
      #expect(
        status == 200 || status == 431, "a head with a \(size)-byte header got \(String(describing: status))")
      if size > 32_768 { #expect(status == 431) }
    }
  }

  @Test func aHeaderNameWithASpaceIs400() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "GET /graphql?query=%7B__typename%7D HTTP/1.1\r\nHost: x\r\nBad Name: y\r\nAccept: application/json\r\n\r\n"
    )
    let response = connection.readResponse()
    #expect(response?.status == 400)
    #expect(response?.body.contains("is not a token") == true)
  }

  @Test func anEscapedNULDoesNotCutThePath() throws {
    let server = try TestServer()
    let connection = try RawHTTPConnection(port: server.port)
    connection.send(
      "GET /graphql%00.json?query=%7B__typename%7D HTTP/1.1\r\nHost: x\r\nAccept: application/json\r\n\r\n")
    #expect(connection.readResponse()?.status == 404)
  }
}
