import Foundation
import Glibc
import HTTPServer
import Synchronization
import TestSupport
import Testing

/// `/health` and `/ready` answered by the server before its router: liveness, readiness from a
/// monitor, draining, and probes beyond an address's connection budget.
@Suite struct HealthProbesTests {
  /// Answers `/hello` and 404 for anything else: whatever a router serves, the probes are the
  /// server's.
  struct HelloRouter: HTTPRouter {
    let commonHeaders = [HTTPHeaderField("X-Served-By", "hello")]

    func route(_ head: some HTTPRequestHead) -> HTTPResponder {
      if head.path == "/hello" {
        return .compute {
          BufferedResponse(status: 200, contentType: "text/plain", body: Array("hello".utf8))
        }
      }
      return .respond(error(404, "no such page"))
    }

    func error(_ status: Int, _ message: String) -> BufferedResponse {
      BufferedResponse(status: status, contentType: "text/plain", body: Array(message.utf8))
    }
    func starting() throws(HTTPServerError) {}
    func stopping() {}
  }

  /// What the fake readiness check answers, changeable by the test.
  final class FakeCheck: Sendable {
    let problem = Mutex<Unreadiness?>(nil)
    let calls = Atomic<Int>(0)

    func run() -> Unreadiness? {
      calls.add(1, ordering: .relaxed)
      return problem.withLock { $0 }
    }
  }

  private static func server(
    probes: HealthProbes?, perAddress: Int = 64
  ) throws -> (HTTPServer, UInt16) {
    let server = HTTPServer(
      router: HelloRouter(),
      configuration: HTTPServerConfiguration(
        maxConnectionsPerAddress: perAddress, threads: 2, drainTimeoutSeconds: 1),
      accessLog: DiscardingAccessLog(), probes: probes)
    try server.start()
    return (server, try #require(server.port))
  }

  /// `method path` on a connection of its own: the answer as sent.
  private static func get(_ path: String, port: UInt16, method: String = "GET") throws -> HTTPAnswer {
    try TestHTTP.sendWaiting(
      try #require(URL(string: "http://127.0.0.1:\(port)\(path)")), method: method, over: .socket)
  }

  @Test func healthAndReadyAnswerJSONBeforeTheRouter() throws {
    let (server, port) = try Self.server(probes: HealthProbes())
    defer { server.stop() }
    let health = try Self.get("/health", port: port)
    #expect(health.status == 200 && health.text == #"{"status":"up"}"#)
    #expect(health.head.contains("Content-Type: application/json"))
    #expect(health.head.contains("Cache-Control: no-store"))
    // The router's common headers still apply: the answer is the server's like any other.
    #expect(health.head.contains("X-Served-By: hello"))
    let ready = try Self.get("/ready", port: port)
    #expect(ready.status == 200 && ready.text == #"{"status":"ready"}"#)
    // HEAD: the same head, no body.
    let headConnection = try RawHTTPConnection(port: port)
    headConnection.send("HEAD /ready HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    let headText = String(decoding: headConnection.readToEnd().bytes, as: UTF8.self)
    #expect(headText.hasPrefix("HTTP/1.1 200") && headText.hasSuffix("\r\n\r\n"))
    let post = try Self.get("/health", port: port, method: "POST")
    #expect(post.status == 405 && post.head.contains("Allow: GET, HEAD"))
    #expect(try Self.get("/hello", port: port).text == "hello")
  }

  @Test func withoutProbesThePathsAreTheRouters() throws {
    let (server, port) = try Self.server(probes: nil)
    defer { server.stop() }
    #expect(try Self.get("/health", port: port).status == 404)
    #expect(try Self.get("/ready", port: port).status == 404)
  }

  @Test func readinessFollowsTheMonitorsCheck() async throws {
    let check = FakeCheck()
    let monitor = ReadinessMonitor(freshFor: .milliseconds(50)) { check.run() }
    let (server, port) = try Self.server(probes: HealthProbes(readiness: monitor))
    defer { server.stop() }
    #expect(try Self.get("/ready", port: port).status == 200)
    check.problem.withLock {
      $0 = Unreadiness(reason: "database_unreachable", message: "the \"booking\" database is down")
    }
    // The next check after the answer went stale sees the problem.
    var answer: HTTPAnswer?
    #expect(
      await waitUntil(within: .seconds(30)) {
        answer = try? Self.get("/ready", port: port)
        return answer?.status == 503
      })
    #expect(
      answer?.text
        == #"{"status":"unavailable","reason":"database_unreachable","message":"the \"booking\" database is down"}"#
    )
    // Liveness never looks at the check.
    #expect(try Self.get("/health", port: port).status == 200)
    check.problem.withLock { $0 = nil }
    #expect(await waitUntil(within: .seconds(30)) { (try? Self.get("/ready", port: port))?.status == 200 })
  }

  @Test func drainingTurnsReadinessOffAndAsksClientsToReconnect() throws {
    let probes = HealthProbes()
    let (server, port) = try Self.server(probes: probes)
    defer { server.stop() }
    probes.beginDraining()
    let ready = try Self.get("/ready", port: port)
    #expect(ready.status == 503)
    #expect(ready.text.contains(#""reason":"draining""#))
    // Everything else is still served, on connections the client is asked to close.
    let hello = try Self.get("/hello", port: port)
    #expect(hello.status == 200 && hello.text == "hello")
    #expect(hello.head.contains("Connection: close"))
  }

  @Test func probesGetThroughWhenAnAddressHoldsItsWholeBudget() throws {
    let (server, port) = try Self.server(probes: HealthProbes(), perAddress: 2)
    defer { server.stop() }
    let held = try (0..<2).map { _ in try RawHTTPConnection(port: port) }
    for connection in held {
      connection.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
      #expect(connection.readResponse()?.status == 200)
    }
    // Beyond the budget: probes are answered (on a kept-alive connection, twice) ...
    let probe = try RawHTTPConnection(port: port)
    probe.send("GET /ready HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(probe.readResponse()?.status == 200)
    probe.send("GET /health HTTP/1.1\r\nHost: x\r\n\r\n")
    #expect(probe.readResponse()?.status == 200)
    // ... anything else is refused, and the connection closed.
    let other = try RawHTTPConnection(port: port)
    other.send("GET /hello HTTP/1.1\r\nHost: x\r\n\r\n")
    let refused = try #require(other.readResponse())
    #expect(refused.status == 503 && refused.head.contains("Connection: close"))
    #expect(other.closedWithin(milliseconds: 5000))
    // A probe-only connection that sends nothing is closed well before the head timeout (10 s).
    let silent = try RawHTTPConnection(port: port)
    #expect(silent.closedWithin(milliseconds: 8000))
    // The held connections stay open until here.
    withExtendedLifetime(held) {}
  }

  @Test func theMonitorChecksAtMostOncePerIntervalAndReportsAnOverdueCheck() async throws {
    let check = FakeCheck()
    let monitor = ReadinessMonitor(freshFor: .seconds(3600)) { check.run() }
    for _ in 0..<1000 { _ = monitor.current() }
    #expect(await waitUntil(within: .seconds(30)) { check.calls.load(ordering: .relaxed) == 1 })
    for _ in 0..<1000 { _ = monitor.current() }
    #expect(check.calls.load(ordering: .relaxed) == 1)

    // A check that never finishes: after the patience the answer is `check_overdue`.
    let release = Atomic<Bool>(false)
    let stuck = ReadinessMonitor(patience: .milliseconds(200)) {
      while !release.load(ordering: .relaxed) { usleep(1000) }
      return nil
    }
    let start = ContinuousClock.now
    #expect(stuck.current(now: start) == nil)
    #expect(stuck.current(now: start + .milliseconds(100)) == nil)
    #expect(stuck.current(now: start + .seconds(1))?.reason == "check_overdue")
    release.store(true, ordering: .relaxed)
  }
}
