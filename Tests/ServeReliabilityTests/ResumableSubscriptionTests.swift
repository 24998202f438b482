import Foundation
import GraphQL
import GraphQLWire
import SQLite
import TestSupport
import Testing

/// Resumable subscriptions against a real `serve` (docs/resumable-subscriptions.md): every
/// transport resumes after an event id, replaying what followed and going on live; an id the
/// retention pruned is refused with `EVENTS_EXPIRED`; `watch --since` and its stderr line.
/// SQLite gives a fresh data directory ids 1, 2, 3, ... in booking order.
@Suite(.serialized) struct ResumableSubscriptionTests {
  static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"

  /// A raw HTTP stream (SSE or multipart), its text read as it comes (chunk sizes included).
  final class RawStream {
    let connection: RawHTTPConnection
    private(set) var text = ""

    init(port: UInt16, accept: String, body: String, headers: [String] = []) throws {
      connection = try RawHTTPConnection(port: port, readTimeoutSeconds: 1)
      connection.send(
        "POST /graphql HTTP/1.1\r\nHost: x\r\nAccept: \(accept)\r\nContent-Type: application/json\r\n"
          + headers.map { $0 + "\r\n" }.joined() + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)")
    }

    /// Reads until `text` holds `marker` (30 s at most).
    func read(until marker: String) -> Bool {
      let deadline = Date().addingTimeInterval(30)
      while !text.contains(marker), Date() < deadline {
        if let bytes = connection.receiveSome() { text += String(decoding: bytes, as: UTF8.self) }
      }
      return text.contains(marker)
    }

    /// The event ids of the results read so far, in order.
    var eventIDs: [String] {
      text.matches(of: /"eventId":"(\d+)"/).map { String($0.1) }
    }
  }

  /// A WebSocket subscriber on either subprotocol, with `extensions` in its subscribe payload.
  static func socket(port: UInt16, legacy: Bool, extensions: String) throws -> WebSocketTestClient {
    let client = try WebSocketTestClient(
      port: port, subprotocols: legacy ? "graphql-ws" : "graphql-transport-ws")
    client.send(text: #"{"type":"connection_init","payload":{}}"#)
    guard client.receive() == .text(#"{"type":"connection_ack"}"#) else {
      throw ServeProcess.StartFailure(description: "no connection_ack")
    }
    if legacy { _ = client.receive() }  // ka
    client.send(
      text:
        #"{"id":"1","type":"\#(legacy ? "start" : "subscribe")","payload":{"query":"subscription { tripsBooked }","extensions":\#(extensions)}}"#
    )
    return client
  }

  /// The event ids of the next `count` results a WebSocket subscriber gets.
  static func eventIDs(_ client: WebSocketTestClient, count: Int) -> [String] {
    var ids: [String] = []
    while ids.count < count, case .text(let text)? = client.receive() {
      if text.contains(#""type":"ka""#) { continue }
      guard let id = text.firstMatch(of: /"eventId":"(\d+)"/)?.1 else {
        return ids + ["not a result: \(text)"]
      }
      ids.append(String(id))
    }
    return ids
  }

  static func bookOneByOne(_ server: ServeProcess, token: String, launches: ClosedRange<Int>) async throws {
    for launch in launches {
      _ = try await server.send(book, variables: ["ids": .array([.string(String(launch))])], token: token)
    }
  }

  @Test func everyTransportReplaysAfterTheGivenIdThenGoesOnLive() async throws {
    let directory = try TemporaryDirectory(prefix: "resume")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let port = try #require(server.endpoint.port.map(UInt16.init))
    let ada = try await server.logIn("ada@example.com")
    try await Self.bookOneByOne(server, token: ada, launches: 1...4)
    let query = #"{"query":"subscription { tripsBooked }"}"#
    let sse = try RawStream(
      port: port, accept: "text/event-stream", body: query, headers: ["Last-Event-ID: 2"])
    let multipart = try RawStream(
      port: port, accept: "multipart/mixed;boundary=graphql;subscriptionSpec=1.0",
      body: #"{"query":"subscription { tripsBooked }","extensions":{"resumeAfter":"1"}}"#)
    let transport = try Self.socket(port: port, legacy: false, extensions: #"{"resumeAfter":"3"}"#)
    let legacy = try Self.socket(port: port, legacy: true, extensions: #"{"resumeAfter":"0"}"#)
    #expect(sse.read(until: #""eventId":"4""#))
    #expect(sse.eventIDs == ["3", "4"])
    #expect(
      sse.text.contains(
        "id: 3\nevent: next\ndata: {\"data\":{\"tripsBooked\":1},\"extensions\":{\"eventId\":\"3\",\"eventTime\":\""
      ))
    #expect(multipart.read(until: #""eventId":"4""#))
    #expect(multipart.eventIDs == ["2", "3", "4"])
    // The boundary spelled as the Accept spelled it (unquoted here).
    #expect(
      multipart.text.contains("Content-Type: multipart/mixed;boundary=graphql;subscriptionSpec=1.0\r\n"))
    #expect(Self.eventIDs(transport, count: 1) == ["4"])
    #expect(Self.eventIDs(legacy, count: 4) == ["1", "2", "3", "4"])
    // Then live, with nothing skipped or repeated.
    try await Self.bookOneByOne(server, token: ada, launches: 5...6)
    #expect(sse.read(until: #""eventId":"6""#))
    #expect(sse.eventIDs == ["3", "4", "5", "6"])
    #expect(multipart.read(until: #""eventId":"6""#))
    #expect(multipart.eventIDs == ["2", "3", "4", "5", "6"])
    #expect(Self.eventIDs(transport, count: 2) == ["5", "6"])
    #expect(Self.eventIDs(legacy, count: 2) == ["5", "6"])
  }

  @Test func anIdOlderThanTheRetainedLogIsRefusedAndWatchSaysWhatMayBeMissing() async throws {
    let directory = try TemporaryDirectory(prefix: "resume-expired")
    let server = try ServeProcess(
      dataDirectory: directory.child("data"), options: ["--event-retention-count", "2"])
    let port = try #require(server.endpoint.port.map(UInt16.init))
    let ada = try await server.logIn("ada@example.com")
    try await Self.bookOneByOne(server, token: ada, launches: 1...5)
    // The pruner runs every second: wait until the log holds the two newest events only.
    let database = directory.child("data/backend.sqlite")
    let deadline = Date().addingTimeInterval(30)
    var kept: [Int] = []
    while Date() < deadline {
      let connection = try Connection(path: database, readOnly: true)
      kept = try connection.query("SELECT id FROM trip_events ORDER BY id") { try $0.column(0, as: Int.self) }
      if kept == [4, 5] { break }
      usleep(100_000)
    }
    #expect(kept == [4, 5])
    let transport = try Self.socket(port: port, legacy: false, extensions: #"{"resumeAfter":"1"}"#)
    let refusal = try #require(transport.receiveJSON())
    #expect(refusal["type"] as? String == "error")
    let error = try #require((refusal["payload"] as? [[String: Any]])?.first)
    let extensions = try #require(error["extensions"] as? [String: Any])
    #expect(extensions["code"] as? String == "EVENTS_EXPIRED")
    #expect(extensions["oldestEventId"] as? String == "4")
    #expect(extensions["resumeAfter"] as? String == "3")
    let sse = try RawStream(
      port: port, accept: "text/event-stream", body: #"{"query":"subscription { tripsBooked }"}"#,
      headers: ["Last-Event-ID: 2"])
    #expect(sse.read(until: "EVENTS_EXPIRED"))
    // From the newest pruned id on, nothing is missing.
    let resumed = try Self.socket(port: port, legacy: false, extensions: #"{"resumeAfter":"3"}"#)
    #expect(Self.eventIDs(resumed, count: 2) == ["4", "5"])
    // watch --since an expired id: one line on stderr, then every event still held.
    let watcher = try WatchProcess(
      ["--endpoint", server.endpoint.absoluteString, "--json", "watch", "--since", "1", "--count", "2"],
      home: directory.path)
    #expect(watcher.nextLine() == #"{"tripsBooked":1,"eventId":"4"}"#)
    #expect(watcher.nextLine() == #"{"tripsBooked":1,"eventId":"5"}"#)
    #expect(watcher.waitForExit(timeout: 60) == 0)
    let errors = watcher.remainingOutput().errors
    // The log keeps how many events each pruning pass removed, not which: if one pass took
    // events 1-3, the count after 1 can only be bounded by 3; if a pass took event 1 alone
    // (the pruner runs every second while the bookings come), it is exactly 2.
    #expect(
      errors.contains("watch: the server no longer holds the events after 1: up to 3 events may be missing")
        || errors.contains(
          "watch: the server no longer holds the events after 1: up to 2 events may be missing"),
      "\(errors)")
    #expect(errors.split(separator: "\n").count == 1, "\(errors)")
  }

  @Test func watchSinceStartsAfterTheGivenEventOnEveryTransport() async throws {
    let directory = try TemporaryDirectory(prefix: "watch-since")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    try await Self.bookOneByOne(server, token: ada, launches: 1...3)
    for transport in ["multipart", "websocket"] {
      let watcher = try WatchProcess(
        [
          "--endpoint", server.endpoint.absoluteString, "--json", "watch", "--since", "1", "--count", "2",
          "--transport", transport,
        ], home: directory.path)
      #expect(watcher.nextLine() == #"{"tripsBooked":1,"eventId":"2"}"#, "\(transport)")
      #expect(watcher.nextLine() == #"{"tripsBooked":1,"eventId":"3"}"#, "\(transport)")
      // --count 2 ends it by itself: a SIGTERM now could land after the signals' default
      // actions came back, on the way out.
      #expect(watcher.waitForExit(timeout: 60) == 0)
    }
  }
}
