import Foundation
import GraphQL
import GraphQLWire
import Postgres
import SQLite
import TestSupport
import Testing

/// Logins through the real binary: one address flooding `login` gets the rate's sessions and
/// 429s with `Retry-After`, while other addresses are served; sessions past `--session-max-age`
/// are refused and pruned, on SQLite and PostgreSQL.
@Suite struct ServeLoginLimitTests {
  static let login = "mutation($email: String!) { login(email: $email) { token } }"

  /// A login request for `email` on a kept-alive connection.
  static func loginRequest(_ email: String, port: Int) -> String {
    let body = String(
      decoding: JSON.object(["query": .string(login), "variables": .object(["email": .string(email)])])
        .encoded(),
      as: UTF8.self)
    return "POST /graphql HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nContent-Type: application/json\r\n"
      + "Accept: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
  }

  /// The value of header `name` in a response head.
  static func header(_ name: String, in head: String) -> String? {
    head.split(separator: "\r\n").first { $0.lowercased().hasPrefix(name.lowercased() + ":") }
      .map { $0.dropFirst(name.count + 1).trimmingCharacters(in: .whitespaces) }
  }

  /// The server's `/metrics` text.
  static func metrics(_ server: ServeProcess) async throws -> String {
    try await TestHTTP.send(server.url("/metrics")).text
  }

  @Test func aLoginFloodFromOneAddressGetsTheRatesSessionsAndTheRest429() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-login")
    // 120 a minute: 2 a second after a burst of 10 (a sixth of a minute's, at most 10).
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--login-rate", "120"])
    let port = try #require(server.endpoint.port)
    let flood = try RawHTTPConnection(port: UInt16(port))
    let started = Date()
    var admitted = 0
    var refused = 0
    var othersServed = 0
    // At most 3 s and 3,000 logins from 127.0.0.1; every 100th turn another address logs in.
    for turn in 0..<3000 where Date().timeIntervalSince(started) < 3 {
      #expect(flood.send(Self.loginRequest("flood\(turn)@example.com", port: port)))
      let response = try #require(flood.readResponse())
      if response.status == 200 {
        admitted += 1
        #expect(response.body.contains("\"token\""))
      } else {
        refused += 1
        #expect(response.status == 429)
        let retryAfter = Self.header("Retry-After", in: response.head).flatMap { Int($0) }
        #expect(retryAfter.map { $0 >= 1 && $0 <= 1 } == true, "\(response.head)")
        let body = try JSON(parsing: Array(response.body.utf8))
        #expect(body["errors"]?[0]?["extensions"]?["code"] == .string("RATE_LIMITED"))
        #expect(body["errors"]?[0]?["message"]?.stringValue?.contains("Too many logins") == true)
      }
      if turn % 100 == 0 {
        let other = try RawHTTPConnection(port: UInt16(port), source: "127.0.0.\(2 + turn / 100 % 50)")
        #expect(other.send(Self.loginRequest("other\(turn)@example.com", port: port)))
        let answer = try #require(other.readResponse())
        #expect(answer.status == 200, "\(answer.head)")
        if answer.status == 200 { othersServed += 1 }
      }
    }
    let elapsed = Date().timeIntervalSince(started)
    #expect(refused > 0)
    // The burst, then 2 a second (one more for the partly refilled token at the end).
    let allowed = 10 + Int((elapsed * 2).rounded(.up)) + 1
    #expect(admitted <= allowed, "\(admitted) logins in \(elapsed) s")
    let database = try Connection(path: directory.child("data") + "/backend.sqlite", busyTimeout: .seconds(5))
    let sessions = try database.queryFirst("SELECT count(*) FROM sessions") { try $0.column(0, as: Int.self) }
    #expect(sessions == admitted + othersServed, "\(sessions) sessions")
    #expect(othersServed > 0)
    let metrics = try await Self.metrics(server)
    #expect(metrics.contains("rocket_reserver_logins_total{result=\"rate_limited\"} \(refused)"))
    #expect(metrics.contains("rocket_reserver_login_rate_per_minute 120"))
    #expect(server.terminate() == 0)
  }

  @Test func theRateHoldsOverWebSocketsAndStreamedAnswersToo() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-login")
    // 1 a minute: a burst of 1, then one a minute (longer than this test, however busy the machine).
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--login-rate", "1"])
    let port = try #require(server.endpoint.port)
    _ = try await server.logIn("ada@example.com")
    // A WebSocket from the same address: its login is refused (a GraphQL error in the result).
    let socket = try WebSocketTestClient(port: UInt16(port), subprotocols: "graphql-transport-ws")
    socket.send(text: #"{"type":"connection_init","payload":{}}"#)
    #expect(socket.receive() == .text(#"{"type":"connection_ack"}"#))
    socket.send(
      text:
        #"{"id":"1","type":"subscribe","payload":{"query":"mutation { login(email: \"bo@example.com\") { token } }"}}"#
    )
    guard case .text(let next)? = socket.receive() else {
      Issue.record("no result over the WebSocket")
      return
    }
    #expect(next.contains("RATE_LIMITED"), "\(next)")
    // A POST asking for server-sent events: refused too.
    let stream = try RawHTTPConnection(port: UInt16(port))
    let body = #"{"query":"mutation { login(email: \"cy@example.com\") { token } }"}"#
    stream.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: text/event-stream\r\n"
        + "Content-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
    let answer = String(decoding: stream.readToEnd().bytes, as: UTF8.self)
    #expect(answer.contains("RATE_LIMITED"), "\(answer)")
    // Another address logs in over a WebSocket.
    let other = try WebSocketTestClient(
      port: UInt16(port), subprotocols: "graphql-transport-ws", source: "127.0.0.2")
    other.send(text: #"{"type":"connection_init","payload":{}}"#)
    #expect(other.receive() == .text(#"{"type":"connection_ack"}"#))
    other.send(
      text:
        #"{"id":"1","type":"subscribe","payload":{"query":"mutation { login(email: \"di@example.com\") { token } }"}}"#
    )
    guard case .text(let admitted)? = other.receive() else {
      Issue.record("no result over the other WebSocket")
      return
    }
    #expect(admitted.contains("\"token\""), "\(admitted)")
    #expect(server.terminate() == 0)
  }

  @Test(arguments: [false, true]) func anExpiredSessionIsRefusedAndPruned(postgres: Bool) async throws {
    let directory = try TemporaryDirectory(prefix: "serve-login")
    let url = postgres ? try PostgresCluster.shared().createDatabase() : nil
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), database: url, options: ["--session-max-age", "6s"])
    var loggedIn = Date()
    let old = try await server.logIn("ada@example.com")
    let (_, me) = try await server.send("{ me { email } }", token: old)
    // Unless the machine was too busy to answer within the age: the token works until then.
    if Date().timeIntervalSince(loggedIn) < 5 {
      #expect(me["data"]?["me"]?["email"] == .string("ada@example.com"))
    }
    // Past the age (whole seconds, so up to a second more), by the server's clock.
    try await Task.sleep(for: .seconds(7.2))
    let (_, expired) = try await server.send("{ me { email } }", token: old)
    #expect(expired["data"]?["me"] == .null, "\(expired)")
    // The next login prunes the expired session (and only that one).
    loggedIn = Date()
    let fresh = try await server.logIn("ada@example.com")
    let (_, again) = try await server.send("{ me { email } }", token: fresh)
    if Date().timeIntervalSince(loggedIn) < 5 {
      #expect(again["data"]?["me"]?["email"] == .string("ada@example.com"))
    }
    let count = "SELECT count(*) FROM sessions"
    let sessions: Int?
    if let url {
      sessions = try PostgresConnection(conninfo: url).queryFirst(count)?.int(0)
    } else {
      let database = try Connection(
        path: directory.child("data") + "/backend.sqlite", busyTimeout: .seconds(5))
      sessions = try database.queryFirst(count) { try $0.column(0, as: Int.self) }
    }
    #expect(sessions == 1)
    let metrics = try await Self.metrics(server)
    #expect(metrics.contains("rocket_reserver_sessions_pruned_total 1"), "\(metrics)")
    #expect(metrics.contains("rocket_reserver_session_max_age_seconds 6"))
    #expect(server.terminate() == 0)
  }
}
