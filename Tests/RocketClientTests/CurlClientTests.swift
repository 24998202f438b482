import Foundation
import Glibc
import RocketClient
import Synchronization
import TestSupport
import Testing

/// The libcurl client's own promises: bounded bodies, streaming, cancellation that closes the
/// connection, kept-alive connections, IPv6 literals, redirects not followed.
@Suite struct CurlClientTests {
  private let body = Data(#"{"query":"{ totalTripsBooked }"}"#.utf8)

  /// Answers each request on a connection with a small JSON body, keeping the connection open.
  private static func keepAliveServer() throws -> LoopbackTCPServer {
    try LoopbackTCPServer { client, _ in
      while LoopbackTCPServer.readRequest(client) != nil {
        let answer = #"{"data":{"totalTripsBooked":3}}"#
        let head =
          "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(answer.utf8.count)\r\n\r\n"
        guard LoopbackTCPServer.sendAll(client, Array((head + answer).utf8)) else { return }
      }
    }
  }

  @Test func requestsReuseOneKeptAliveConnection() async throws {
    let server = try Self.keepAliveServer()
    let client = HTTPClient()
    for _ in 0..<20 {
      let response = try await client.post(url: server.url(), body: body)
      #expect(response.status == 200)
    }
    #expect(server.acceptedConnections == 1)
  }

  @Test func anAnswerOverTheBoundIsRefusedAtTheHead() async throws {
    // 10 MB announced with Content-Length: refused before a byte of the body is read.
    let stub = try LoopbackHTTPStub(
      response: LoopbackHTTPStub.Response(
        headers: ["Content-Type": "application/json"], body: Data(repeating: 0x20, count: 10_000_000)))
    let client = HTTPClient(maxBodySize: 1 << 20)
    do {
      let response = try await client.post(url: stub.url(), body: body)
      Issue.record("expected a refusal, got \(response.body.count) bytes")
    } catch {
      #expect(error == .bodyTooLarge(endpoint: stub.url(), limit: 1 << 20))
      #expect(
        error.description == "the answer from \(stub.url()) is larger than 1 MiB; the transfer was stopped")
      #expect(!error.isUnreachable)
    }
  }

  @Test func anEndlessAnswerIsCutOffAtTheBound() async throws {
    // No Content-Length: the body streams until the bound is passed, then the transfer stops.
    let sent = Mutex(0)
    let server = try LoopbackTCPServer { client, _ in
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nConnection: close\r\n\r\n"
      guard LoopbackTCPServer.sendAll(client, Array(head.utf8)) else { return }
      let chunk = [UInt8](repeating: 0x20, count: 64 * 1024)
      // 10 MB at most, far past the bound; the client's close ends it sooner.
      for _ in 0..<160 {
        guard LoopbackTCPServer.sendAll(client, chunk) else { return }
        sent.withLock { $0 += chunk.count }
      }
    }
    let client = HTTPClient(maxBodySize: 1 << 20)
    do {
      _ = try await client.post(url: server.url(), body: body)
      Issue.record("expected a refusal")
    } catch {
      #expect(error == .bodyTooLarge(endpoint: server.url(), limit: 1 << 20))
    }
    server.stop()
    // Socket buffers hold a few MB at most; the server never got to send all 10 MB.
    #expect(sent.withLock { $0 } < 10_000_000)
  }

  @Test func aTruncatedBodyIsAConnectionLoss() async throws {
    let server = try LoopbackTCPServer { client, _ in
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"data\":"
      LoopbackTCPServer.sendAll(client, Array(head.utf8))
    }
    do {
      _ = try await HTTPClient().post(url: server.url(), body: body)
      Issue.record("expected a failure")
    } catch {
      #expect(error == .connectionLost(endpoint: server.url()))
      #expect(error.isUnreachable)
    }
  }

  @Test func theBodyStreamsAsItArrives() async throws {
    let release = Mutex(false)
    let server = try LoopbackTCPServer { client, _ in
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\n"
      LoopbackTCPServer.sendAll(client, Array((head + "data: 1\n\n").utf8))
      // The second event waits until the client has read the first.
      while !release.withLock({ $0 }) { usleep(1000) }
      LoopbackTCPServer.sendAll(client, Array("data: 2\n\n".utf8))
    }
    let response = try await HTTPClient().send(HTTPRequest(method: .get, url: server.url()))
    #expect(response.status == 200)
    #expect(response.header("Content-Type") == "text/event-stream")
    var text = ""
    for try await chunk in response.body {
      text += String(decoding: chunk, as: UTF8.self)
      if text == "data: 1\n\n" { release.withLock { $0 = true } }
    }
    #expect(text == "data: 1\n\ndata: 2\n\n")
  }

  @Test func cancellingMidBodyClosesTheConnection() async throws {
    let closed = Mutex<Bool?>(nil)
    let server = try LoopbackTCPServer { client, _ in
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      let head = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n[1,"
      LoopbackTCPServer.sendAll(client, Array(head.utf8))
      // The rest never comes: only the client's cancellation ends the connection.
      let sawClose = LoopbackTCPServer.waitForPeerClose(client, timeout: .seconds(60))
      closed.withLock { $0 = sawClose }
    }
    let client = HTTPClient()
    let url = server.url()
    let response = try await client.send(HTTPRequest(url: url, body: Array(body)))
    let reader = Task {
      var count = 0
      for try await chunk in response.body { count += chunk.count }
      return count
    }
    try await Task.sleep(for: .milliseconds(100))
    reader.cancel()
    _ = try? await reader.value
    // The server's thread sees the close; waiting for it is bounded by its own 60 s.
    while closed.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(closed.withLock { $0 } == true)
  }

  /// With a child running, too: a program started while a response is open (a pager, another
  /// test's child) must not inherit the connection and hold it open after the body is dropped.
  @Test(arguments: [false, true])
  func droppingAnUnreadBodyClosesTheConnection(whileAChildRuns: Bool) async throws {
    let closed = Mutex<Bool?>(nil)
    let server = try LoopbackTCPServer { client, _ in
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      let head = "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nConnection: close\r\n\r\ndata: 1\n\n"
      LoopbackTCPServer.sendAll(client, Array(head.utf8))
      let sawClose = LoopbackTCPServer.waitForPeerClose(client, timeout: .seconds(60))
      closed.withLock { $0 = sawClose }
    }
    let response = try await HTTPClient().send(HTTPRequest(method: .get, url: server.url()))
    #expect(response.status == 200)
    var child: pid_t = 0
    if whileAChildRuns {
      // A plain posix_spawn, without file actions: the child gets every descriptor not marked
      // close-on-exec.
      let words: [String] = ["/bin/sleep", "60"]
      var argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
      defer { for pointer in argv { free(pointer) } }
      #expect(posix_spawn(&child, "/bin/sleep", nil, nil, &argv, environ) == 0)
    }
    defer {
      if child > 0 {
        kill(child, SIGKILL)
        var status: Int32 = 0
        waitpid(child, &status, 0)
      }
    }
    _ = consume response
    while closed.withLock({ $0 }) == nil { try await Task.sleep(for: .milliseconds(10)) }
    #expect(closed.withLock { $0 } == true)
  }

  @Test func aPostRedirectIsNotFollowed() async throws {
    let elsewhere = try LoopbackHTTPStub(response: .json(#"{"data":{}}"#))
    let stub = try LoopbackHTTPStub(
      response: LoopbackHTTPStub.Response(status: 307, headers: ["Location": elsewhere.url().absoluteString]))
    let response = try await HTTPClient().post(
      url: stub.url(), body: body, headers: ["Authorization": "secret-token"])
    #expect(response.status == 307)
    #expect(elsewhere.requests.isEmpty)
    let error = try #require(HTTPTransportError.classify(response, from: stub.url()))
    #expect(error == .redirected(endpoint: stub.url(), status: 307, location: elsewhere.url().absoluteString))
    #expect(
      error.description
        == "\(stub.url()) answered HTTP 307, a redirect to \(elsewhere.url()), which is not followed for POST; "
        + "use the target as the endpoint if you trust it")
  }

  @Test func anIPv6LiteralEndpointWorks() async throws {
    guard let server = try? IPv6Listener() else { return }  // no IPv6 on this machine
    let url = try #require(URL(string: "http://[::1]:\(server.port)/graphql"))
    let response = try await HTTPClient().post(url: url, body: body)
    #expect(response.status == 200)
    #expect(String(decoding: response.body, as: UTF8.self) == "{}")
  }

  @Test func timeoutsHaveMillisecondPrecision() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}", delay: .seconds(120)))
    let client = HTTPClient(timeout: .milliseconds(250))
    let start = ContinuousClock.now
    do {
      _ = try await client.post(url: stub.url(), body: body)
      Issue.record("expected a timeout")
    } catch {
      #expect(error == .timedOut(endpoint: stub.url(), after: .milliseconds(250)))
    }
    // A hang guard, not a speed check: whole seconds would have made it 0 or 1 s.
    #expect(ContinuousClock.now - start >= .milliseconds(200))
  }

  @Test func aHeaderWithALineBreakIsRefused() async throws {
    let stub = try LoopbackHTTPStub(response: .json("{}"))
    do {
      _ = try await HTTPClient().post(
        url: stub.url(), body: body, headers: ["X-Evil": "a\r\nHost: elsewhere"])
      Issue.record("expected a refusal")
    } catch {
      guard case .failed = error else {
        Issue.record("expected .failed, got \(error)")
        return
      }
    }
    #expect(stub.requests.isEmpty)
  }
}

/// A one-shot HTTP answer `{}` on `[::1]`, on a kernel-chosen port.
private final class IPv6Listener: Sendable {
  let port: UInt16
  private let descriptor: Int32

  init() throws {
    let descriptor = socket(AF_INET6, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw POSIXError(.EAFNOSUPPORT) }
    self.descriptor = descriptor
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
      }
    }
    var length = socklen_t(MemoryLayout<sockaddr_in6>.size)
    let named = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    guard bound == 0, named == 0, listen(descriptor, 4) == 0 else {
      _ = close(descriptor)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    port = UInt16(bigEndian: address.sin6_port)
    Thread.detachNewThread {
      let client = accept(descriptor, nil, nil)
      guard client >= 0 else { return }
      defer { _ = close(client) }
      guard LoopbackTCPServer.readRequest(client) != nil else { return }
      let answer =
        "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 2\r\nConnection: close\r\n\r\n{}"
      LoopbackTCPServer.sendAll(client, Array(answer.utf8))
    }
  }

  deinit {
    _ = shutdown(descriptor, Int32(SHUT_RDWR))
    _ = close(descriptor)
  }
}
