import Foundation
import GraphQL
import GraphQLWire
import LaunchBackend
import Postgres
import Synchronization
import TestSupport
import Testing

/// A backlog after an outage: subscribers on two `serve` instances sharing one PostgreSQL, over a
/// WebSocket and over SSE, while eight clients book without pause and the database is killed and
/// restarted. Every subscriber must end with every logged event, in order: a backlog is caught
/// up from the log, never a reason to end a subscription.
@Suite(.serialized)
struct ServeOutageStreamTests {
  /// Reads `tripsBooked` deltas on a thread of its own until stopped.
  final class DeltaCollector: Sendable {
    private let deltas = Mutex<[Int]>([])
    private let ending = Mutex<String?>(nil)
    let running = Atomic<Bool>(true)

    var received: [Int] { deltas.withLock { $0 } }
    /// How the stream ended, if it did (a close code, `complete`, an error).
    var end: String? { ending.withLock { $0 } }

    func add(_ delta: Int) { deltas.withLock { $0.append(delta) } }
    func ended(_ how: String) { ending.withLock { $0 = $0 ?? how } }

    /// A graphql-transport-ws subscriber.
    static func webSocket(port: UInt16) throws -> DeltaCollector {
      let collector = DeltaCollector()
      let client = try WebSocketTestClient(port: port, subprotocols: "graphql-transport-ws")
      client.setReadTimeout(seconds: 1)
      client.send(text: #"{"type":"connection_init","payload":{}}"#)
      guard client.receive() == .text(#"{"type":"connection_ack"}"#) else {
        throw ServeProcess.StartFailure(description: "no connection_ack")
      }
      client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
      nonisolated(unsafe) let reading = client
      Thread {
        while collector.running.load(ordering: .relaxed) {
          switch reading.receive() {
          case .text(let text)?:
            guard let json = try? JSON(parsing: text) else { continue }
            if let delta = json["payload"]?["data"]?["tripsBooked"]?.intValue {
              collector.add(delta)
            } else {
              collector.ended(text)
            }
          case .close(let code, _)?: collector.ended("close \(code.map(String.init) ?? "-")")
          default: continue
          }
        }
      }.start()
      return collector
    }

    /// A graphql-sse (distinct connections) subscriber.
    static func serverSentEvents(port: UInt16) throws -> DeltaCollector {
      let collector = DeltaCollector()
      let connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 1)
      let payload = #"{"query":"subscription { tripsBooked }"}"#
      connection.send(
        "POST /graphql HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nContent-Type: application/json\r\n"
          + "Content-Length: \(payload.utf8.count)\r\n\r\n\(payload)")
      nonisolated(unsafe) let reading = connection
      Thread {
        // Chunked framing is not decoded: each event's data line is one JSON text, found by its
        // `event: next` prefix; chunk-size lines fall between events and are skipped.
        var text = ""
        while collector.running.load(ordering: .relaxed) {
          guard let bytes = reading.receiveSome() else { continue }
          text += String(decoding: bytes, as: UTF8.self)
          while let range = text.range(of: "\n\n") {
            let block = String(text[..<range.lowerBound])
            text.removeSubrange(..<range.upperBound)
            if let data = block.range(of: "event: next\ndata: ") {
              let json = try? JSON(parsing: String(block[data.upperBound...]))
              if let delta = json?["data"]?["tripsBooked"]?.intValue { collector.add(delta) }
            } else if block.contains("event: ") {
              collector.ended(block)
            }
          }
        }
      }.start()
      return collector
    }
  }

  @Test func subscribersOnTwoInstancesGetEveryEventInOrderAcrossADatabaseKill() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-outage")
    let cluster = try PostgresCluster()
    defer { cluster.destroy() }
    let url = try cluster.createDatabase()
    let servers = [
      try ServeProcess(dataDirectory: directory.child("a"), database: url),
      try ServeProcess(dataDirectory: directory.child("b"), database: url),
    ]
    let ports = try servers.map { try #require($0.endpoint.port).toUInt16 }
    let tokens = try await (0..<8).asyncMap { try await servers[$0 % 2].logIn("writer\($0)@example.com") }
    let collectors = try ports.flatMap { port in
      [try DeltaCollector.webSocket(port: port), try DeltaCollector.serverSentEvents(port: port)]
    }
    defer { for collector in collectors { collector.running.store(false, ordering: .relaxed) } }
    // A subscription starts on a task of its own, at the end of the log as it is then, and
    // neither protocol says when that happened: a single booking made right after `subscribe`
    // may commit before a subscription starts, which then never sees it. So marker events
    // (launch 1 booked, cancelled, booked...) are committed until every subscriber has seen
    // one; each must then hold the log from one of the markers on.
    var markers = 0
    let allSawOne = { collectors.allSatisfy { !$0.received.isEmpty } }
    while !allSawOne() && markers < 60 {
      let (_, marker) =
        markers % 2 == 0
        ? try await servers[0].send(
          ServePostgresTests.book, variables: ["ids": .array([.string("1")])], token: tokens[0])
        : try await servers[0].send(
          "mutation($id: ID!) { cancelTrip(launchId: $id) { success } }", variables: ["id": .string("1")],
          token: tokens[0])
      #expect(
        (marker["data"]?["bookTrips"] ?? marker["data"]?["cancelTrip"])?["success"] == JSON.bool(true),
        "\(marker)")
      markers += 1
      _ = await waitUntil(within: .seconds(1), allSawOne)
    }
    #expect(allSawOne(), "after \(markers) marker events, some subscriptions had not started")

    // Eight clients book and cancel without pause, on both instances.
    let counts = StormCounts()
    let storm = Task {
      try await withThrowingTaskGroup(of: Void.self) { group in
        for (index, token) in tokens.enumerated() {
          group.addTask {
            var step = 0
            while counts.running.load(ordering: .relaxed) {
              step += 1
              let launch = String(10 + index * 10 + step % 10)
              let server = servers[(index + step) % 2]
              let (status, _) =
                step % 20 < 10
                ? try await server.send(
                  ServePostgresTests.book, variables: ["ids": .array([.string(launch)])], token: token)
                : try await server.send(
                  "mutation($id: ID!) { cancelTrip(launchId: $id) { success } }",
                  variables: ["id": .string(launch)],
                  token: token)
              if status == 200 { counts.committed.add(1, ordering: .relaxed) }
            }
          }
        }
        try await group.waitForAll()
      }
    }
    #expect(await waitUntil(within: .seconds(60)) { counts.committed.load(ordering: .relaxed) >= 400 })
    cluster.stop(immediately: true)
    try await Task.sleep(for: .seconds(3))
    try cluster.start()
    let afterRestart = counts.committed.load(ordering: .relaxed)
    #expect(
      await waitUntil(within: .seconds(60)) {
        counts.committed.load(ordering: .relaxed) >= afterRestart + 400
      })
    counts.running.store(false, ordering: .relaxed)
    try await storm.value

    // Every subscriber holds the whole log from its marker on, in order; none ended.
    let reader = try PostgresBookingStore(PostgresPool.Configuration(conninfo: url, size: 1))
    defer { reader.close() }
    let logged = try reader.tripEvents(after: 0, limit: 1_000_000).map(\.delta)
    #expect(logged.count > 400)
    // The markers are the log's first events; a subscriber holds everything from the one it
    // started at.
    let fromAMarker = { (received: [Int]) in
      (0..<markers).contains { logged[$0...].elementsEqual(received) }
    }
    #expect(await waitUntil(within: .seconds(60)) { collectors.allSatisfy { fromAMarker($0.received) } })
    for (index, collector) in collectors.enumerated() {
      #expect(
        fromAMarker(collector.received),
        "subscriber \(index) got \(collector.received.count) of \(logged.count) events (\(markers) markers)")
      #expect(collector.end == nil, "subscriber \(index) ended: \(collector.end ?? "")")
    }
  }

  @Test func aSubscriptionThatCannotStartBecauseTheDatabaseIsDownGetsAnError() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-down")
    let cluster = try PostgresCluster()
    defer { cluster.destroy() }
    let server = try ServeProcess(dataDirectory: directory.child("a"), database: try cluster.createDatabase())
    let port = try #require(server.endpoint.port).toUInt16
    cluster.stop(immediately: true)
    // A WebSocket: `error` with SERVICE_UNAVAILABLE, not an empty stream that completes.
    let client = try WebSocketTestClient(port: port, subprotocols: "graphql-transport-ws")
    client.send(text: #"{"type":"connection_init","payload":{}}"#)
    #expect(client.receive() == .text(#"{"type":"connection_ack"}"#))
    client.send(text: #"{"id":"1","type":"subscribe","payload":{"query":"subscription { tripsBooked }"}}"#)
    guard case .text(let text)? = client.receive(), let message = try? JSON(parsing: text) else {
      Issue.record("no answer to the subscription")
      return
    }
    #expect(message["type"] == JSON.string("error"), "\(text)")
    #expect(message["payload"]?[0]?["extensions"]?["code"] == JSON.string("SERVICE_UNAVAILABLE"), "\(text)")
    // SSE: the same error as the stream's only result.
    let connection = try RawHTTPConnection(port: port)
    let payload = #"{"query":"subscription { tripsBooked }"}"#
    connection.send(
      "POST /graphql HTTP/1.1\r\nHost: x\r\nAccept: text/event-stream\r\nContent-Type: application/json\r\n"
        + "Content-Length: \(payload.utf8.count)\r\nConnection: close\r\n\r\n\(payload)")
    var body = ""
    while let bytes = connection.receiveSome() { body += String(decoding: bytes, as: UTF8.self) }
    #expect(body.contains("SERVICE_UNAVAILABLE"), "\(body)")
    #expect(body.contains("event: complete"))
  }
}

/// What the storming clients share.
final class StormCounts: Sendable {
  let running = Atomic<Bool>(true)
  let committed = Atomic<Int>(0)
}

extension Int {
  fileprivate var toUInt16: UInt16 { UInt16(clamping: self) }
}

extension Sequence {
  fileprivate func asyncMap<T>(_ transform: (Element) async throws -> T) async rethrows -> [T] {
    var values: [T] = []
    for element in self { values.append(try await transform(element)) }
    return values
  }
}
