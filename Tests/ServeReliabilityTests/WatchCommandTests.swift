import Foundation
import GraphQL
import GraphQLWire
import SQLite
import TestSupport
import Testing

/// `rocket-reserver watch`, the real binary, against real peers: a `serve` process over HTTP
/// multipart and over a WebSocket, and the embedded backend fed by one-shot `book` processes
/// on the same data directory; reconnection, exit statuses and signals.
@Suite(.serialized) struct WatchCommandTests {
  static let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"
  static let cancel = "mutation($id: ID!) { cancelTrip(launchId: $id) { success } }"

  /// A subscription is set up after the process starts: book and cancel launch 1 until every
  /// watcher has printed the cancellation, reading what they printed.
  /// - Returns: how many lines each watcher printed meanwhile.
  @discardableResult
  static func warmUp(_ watchers: [WatchProcess], bookAndCancel: () async throws -> Void) async throws -> [Int]
  {
    var ready = Set<Int>()
    var printed = [Int](repeating: 0, count: watchers.count)
    for _ in 0..<30 where ready.count < watchers.count {
      try await bookAndCancel()
      for (index, watcher) in watchers.enumerated() where !ready.contains(index) {
        while let line = watcher.nextLine(timeout: 1) {
          printed[index] += 1
          if line.contains("-1") {
            ready.insert(index)
            break
          }
        }
      }
    }
    #expect(ready.count == watchers.count, "every watcher saw the warm-up events")
    // Later rounds, for slower watchers, reached the ready ones too: read those lines as well.
    for (index, watcher) in watchers.enumerated() {
      while watcher.nextLine(timeout: 0.5) != nil { printed[index] += 1 }
    }
    return printed
  }

  static func bookAndCancel(_ server: ServeProcess, token: String) async throws {
    _ = try await server.send(book, variables: ["ids": .array([.string("1")])], token: token)
    _ = try await server.send(cancel, variables: ["id": .string("1")], token: token)
  }

  @Test func followsServeOverMultipartAndOverAWebSocket() async throws {
    let directory = try TemporaryDirectory(prefix: "watch")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    let endpoint = server.endpoint.absoluteString
    let multipart = try WatchProcess(
      ["--endpoint", endpoint, "watch", "--json", "--transport", "multipart"], home: directory.path)
    let socket = try WatchProcess(
      ["--endpoint", endpoint, "watch", "--json", "--transport", "websocket"], home: directory.path)
    let auto = try WatchProcess(["--endpoint", endpoint, "watch"], home: directory.path)
    try await Self.warmUp([multipart, socket, auto]) { try await Self.bookAndCancel(server, token: ada) }
    _ = try await server.send(
      Self.book, variables: ["ids": .array([.string("11"), .string("12")])], token: ada)
    _ = try await server.send(Self.cancel, variables: ["id": .string("11")], token: ada)
    for watcher in [multipart, socket] {
      #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":2}"#)
      #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":-1}"#)
    }
    let booked = try #require(auto.nextLine())
    let cancelled = try #require(auto.nextLine())
    #expect(booked.wholeMatch(of: /\d\d:\d\d:\d\d  \+2 trips booked/) != nil, "\(booked)")
    #expect(cancelled.wholeMatch(of: /\d\d:\d\d:\d\d  -1 trip cancelled/) != nil, "\(cancelled)")
    // SIGTERM and Ctrl-C's SIGINT end it with status 0 and nothing more on either stream.
    #expect(multipart.stop(with: SIGTERM) == 0)
    #expect(socket.stop(with: SIGINT) == 0)
    #expect(auto.stop(with: SIGTERM) == 0)
    for watcher in [multipart, socket, auto] {
      let rest = watcher.remainingOutput()
      #expect(rest.output.isEmpty)
      #expect(rest.errors.isEmpty)
    }
  }

  @Test func aOneShotBookReachesAWatchOnTheSameDataDirectory() async throws {
    let directory = try TemporaryDirectory(prefix: "watch")
    let data = directory.child("data")
    // A client's --data-dir must exist (only serve creates one).
    try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
    let environment = [
      "XDG_CONFIG_HOME": directory.child("config"), "XDG_STATE_HOME": directory.child("state"),
    ]
    func run(_ words: [String]) throws -> ProcessResult {
      try runProcess(BuiltProduct.rocketReserver, ["--data-dir", data] + words, environment: environment)
    }
    #expect(try run(["login", "ada@example.com"]).status == 0)
    let watcher = try WatchProcess(
      ["--data-dir", data, "watch", "--json", "--count", "4"], home: directory.path)
    let warmUp = try await Self.warmUp([watcher]) {
      _ = try run(["book", "1"])
      _ = try run(["cancel", "1"])
    }
    // A booking whose transaction rolls back (a trigger aborts it after the event row was
    // written) books nothing and emits nothing; a no-op booking emits nothing either.
    let database = try Connection(path: data + "/backend.sqlite")
    try database.execute(
      """
      CREATE TRIGGER roll_back_13 AFTER INSERT ON trip_events
      WHEN EXISTS (SELECT 1 FROM trips WHERE launch_id = 13)
      BEGIN SELECT RAISE(ABORT, 'rolled back by the test'); END
      """)
    database.close()
    #expect(try run(["book", "13"]).status != 0)
    #expect(try run(["trips", "--format", "ids"]).standardOutput.isEmpty)
    #expect(try run(["book", "7", "8"]).status == 0)
    let again = try run(["book", "7"])
    #expect(again.status == 0 && again.standardOutput == "launch 7: already booked\n", "\(again)")
    #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":2}"#)
    #expect(try run(["cancel", "7"]).status == 0)
    #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":-1}"#)
    // --count 4 counts the warm-up's events too (one or two); then it ends by itself.
    if warmUp[0] + 2 < 4 {
      #expect(try run(["book", "9"]).status == 0)
      #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":1}"#)
    }
    #expect(watcher.waitForExit() == 0)
    #expect(watcher.remainingOutput().output.isEmpty)
  }

  @Test func aLostConnectionIsRetriedWithOneLineOnStandardError() async throws {
    let directory = try TemporaryDirectory(prefix: "watch")
    let data = directory.child("data")
    let first = try ServeProcess(dataDirectory: data)
    let port = try #require(first.endpoint.port)
    let ada = try await first.logIn("ada@example.com")
    let watcher = try WatchProcess(
      ["--endpoint", first.endpoint.absoluteString, "watch", "--json"], home: directory.path)
    try await Self.warmUp([watcher]) { try await Self.bookAndCancel(first, token: ada) }
    #expect(first.terminate() == 0)
    let line = try #require(watcher.nextErrorLine())
    #expect(line.hasPrefix("rocket-reserver: watch: "))
    #expect(line.hasSuffix("; reconnecting"))
    // The same port again: the watcher finds it within its backoff (1, 2, 4 ... s).
    let second = try ServeProcess(dataDirectory: data, options: ["--port", String(port)])
    try await Self.warmUp([watcher]) { try await Self.bookAndCancel(second, token: ada) }
    _ = try await second.send(Self.book, variables: ["ids": .array([.string("20")])], token: ada)
    #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":1}"#)
    #expect(watcher.stop() == 0)
    // One line for the loss, however many attempts it took.
    #expect(watcher.remainingOutput().errors.isEmpty)
  }

  @Test func anEndpointThatNeverAnswersExits69() throws {
    let directory = try TemporaryDirectory(prefix: "watch")
    // A port nothing listens on: bound, then closed.
    let port = try LoopbackHTTPStub.closedPort()
    let result = try runProcess(
      BuiltProduct.rocketReserver, ["--endpoint", "http://127.0.0.1:\(port)/graphql", "watch"],
      environment: ["XDG_CONFIG_HOME": directory.child("config")])
    #expect(result.status == 69)
    #expect(result.standardOutput.isEmpty)
    #expect(result.standardError.contains("connection refused"))
  }

  /// A server that answers a subscription with multipart parts back to back, as fast as the
  /// socket takes them: heartbeats, and now and then an event, until the client goes.
  static func floodingMultipartServer() throws -> LoopbackTCPServer {
    try LoopbackTCPServer { client, _ in
      var head = [UInt8](repeating: 0, count: 65536)
      guard read(client, &head, head.count) > 0 else { return }
      let answer =
        "HTTP/1.1 200 OK\r\nContent-Type: multipart/mixed;boundary=\"graphql\";subscriptionSpec=1.0\r\n"
        + "Connection: close\r\n\r\n"
      let heartbeat = "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{}"
      let event =
        "\r\n--graphql\r\ncontent-type: application/json\r\n\r\n{\"payload\":{\"data\":{\"tripsBooked\":1}}}"
      let block = Array((String(repeating: heartbeat, count: 1000) + event).utf8)
      guard write(client, answer, answer.utf8.count) > 0 else { return }
      let deadline = ContinuousClock.now + .seconds(30)
      while ContinuousClock.now < deadline {
        let written = block.withUnsafeBytes { send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if written <= 0 { return }
      }
    }
  }

  @Test func watchAgainstAFloodingMultipartServerStaysSmall() async throws {
    let directory = try TemporaryDirectory(prefix: "watch-flood")
    let server = try Self.floodingMultipartServer()
    let watcher = try WatchProcess(
      ["--endpoint", "http://127.0.0.1:\(server.port)/graphql", "watch", "--json"], home: directory.path)
    // The first events arrive; then nobody reads watch's output for a while (its pipe fills and
    // its printing waits), while the server goes on sending as fast as it can.
    #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":1}"#)
    let pid = Int(watcher.process.processIdentifier)
    var largest = 0.0
    for _ in 0..<40 {
      try await Task.sleep(for: .milliseconds(250))
      largest = max(largest, try processRSSMiB(pid))
    }
    print("watch against a flooding multipart server: largest RSS \(largest) MiB")
    #expect(largest < 50, "watch grew to \(largest) MiB")
    // It still follows the stream once its output is read again.
    #expect(watcher.nextLine()?.replacing(/,"eventId":"\d+"/, with: "") == #"{"tripsBooked":1}"#)
    #expect(watcher.stop() == 0)
  }

  @Test func watchHonoursTimeoutAgainstAServerThatAcceptsAndNeverAnswers() throws {
    let directory = try TemporaryDirectory(prefix: "watch-silent")
    let server = try LoopbackTCPServer { client, _ in
      // Reads the request and says nothing until the client goes (or 20 s pass).
      var byte = [UInt8](repeating: 0, count: 4096)
      var entry = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
      for _ in 0..<20 {
        guard poll(&entry, 1, 1000) >= 0 else { return }
        if entry.revents != 0 && read(client, &byte, byte.count) <= 0 { return }
      }
    }
    let result = try runMeasuredProcess(
      BuiltProduct.rocketReserver,
      ["--endpoint", "http://127.0.0.1:\(server.port)/graphql", "--timeout", "1", "watch"],
      environment: ["XDG_CONFIG_HOME": directory.child("config"), "PATH": "/usr/bin:/bin"],
      directory: URL(fileURLWithPath: directory.path))
    #expect(result.result.status == 69)
    #expect(result.result.standardError.contains("no response within 1 s"), "\(result.result.standardError)")
    // Bounded by --timeout, not by the 30 s silence bound of a stream.
    #expect(result.wallTime < .seconds(10))
  }
}
