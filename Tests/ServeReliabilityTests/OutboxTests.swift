import Foundation
import GraphQL
import GraphQLWire
import SQLite
import TestSupport
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The outbox end to end: the real client against a real `serve` that is stopped and started
/// behind a proxy (so the endpoint, and with it the outbox, stays the same), on a database file
/// that survives the restarts.
@Suite struct OutboxTests {
  /// A client home, a proxy as its endpoint, and the data directory `serve` runs on.
  final class Fixture: @unchecked Sendable {
    // Invariant: `server` changes only between the test's steps, never while clients run.
    let directory: TemporaryDirectory
    let proxy: CuttableProxy
    let dataDirectory: String
    let home: String
    var server: ServeProcess?

    init(_ name: String) throws {
      directory = try TemporaryDirectory(prefix: "outbox-\(name)")
      proxy = try CuttableProxy()
      dataDirectory = directory.child("data")
      home = directory.child("home")
    }

    deinit { proxy.stop() }

    var endpoint: String { "http://127.0.0.1:\(proxy.port)/graphql" }

    /// Starts `serve` on the data directory and points the proxy at it.
    func start() throws {
      // No drain: a stop is an outage here, not a rolling restart.
      let server = try ServeProcess(dataDirectory: dataDirectory, options: ["--drain", "0"])
      self.server = server
      proxy.setTarget(UInt16(server.endpoint.port ?? 0))
    }

    /// Stops `serve` (SIGTERM); the proxy then refuses connections.
    func stop() {
      proxy.setTarget(0)
      _ = server?.terminate()
      server = nil
    }

    /// Runs the client on the proxy's endpoint with the fixture's home.
    func client(_ arguments: [String], home: String? = nil) throws -> ProcessResult {
      try ServePersistedQueryTests.client(home: home ?? self.home, ["--endpoint", endpoint] + arguments)
    }

    /// The client as a process of its own, for killing it or running two at once.
    func startClient(_ arguments: [String]) throws -> Process {
      let process = Process()
      process.executableURL = BuiltProduct.directory.appendingPathComponent("rocket-reserver")
      process.arguments = ["--endpoint", endpoint] + arguments
      process.environment = ProcessInfo.processInfo.environment.merging([
        "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
        "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "NO_COLOR": "1",
      ]) { $1 }
      process.standardOutput = FileHandle.nullDevice
      return process
    }

    /// The `tripsBooked` event log of the database, oldest first: one event per change that
    /// committed, so a change made twice shows.
    func events() throws -> [Int] {
      let db = try Connection(path: dataDirectory + "/backend.sqlite", readOnly: true)
      defer { db.close() }
      return try db.query("SELECT delta FROM trip_events ORDER BY id") { try $0.column(0, as: Int.self) }
    }

    /// The lines of `text` that start with `prefix` (after the program name).
    static func lines(_ text: String, _ prefix: String) -> [String] {
      text.split(separator: "\n").map { String($0).replacing("rocket-reserver: ", with: "") }.filter {
        $0.hasPrefix(prefix)
      }
    }
  }

  @Test func changesMadeOfflineArriveInOrderExactlyOnceEvenWhenAnAnswerIsLost() async throws {
    let fixture = try Fixture("order")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    #expect(try fixture.client(["launch", "41"]).status == 0)
    fixture.stop()

    for words in [["book", "41"], ["book", "42"], ["book", "43"], ["cancel", "41"]] {
      let queued = try fixture.client(words)
      #expect(queued.status == 75, "\(queued.standardError)")
      #expect(
        queued.standardError
          == "rocket-reserver: queued: \(words.joined(separator: " ")) (not sent: the server cannot be reached)\n"
      )
    }
    let pending = try fixture.client(["launch", "41"])
    #expect(pending.standardOutput.contains("booked:   no (pending: cancel queued, not sent)"), "\(pending)")
    let listed = try fixture.client(["--json", "outbox"])
    let entries = try JSON(parsing: Array(listed.standardOutput.utf8))["outbox"]?.arrayValue ?? []
    #expect(
      entries.map { "\($0["action"]?.stringValue ?? "") \($0["launchId"]?.stringValue ?? "")" } == [
        "book 41", "book 42", "book 43", "cancel 41",
      ])
    #expect(try fixture.client(["--no-queue", "book", "44"]).status == 69)

    // Back, but the first answer is lost after the server committed it.
    try fixture.start()
    fixture.proxy.drop(.changes)
    // Without persisted queries, the first keyed request of the flush is the one that commits.
    let lost = try fixture.client(["--no-apq", "total"])
    // The flush stopped at the lost answer; the command's own question was answered.
    #expect(lost.status == 0, "\(lost.standardError)")
    #expect(!lost.standardError.contains("sent: "), "\(lost.standardError)")
    #expect(try fixture.events() == [1], "the server made the first change, the client did not hear it")
    fixture.proxy.drop(.none)

    let sent = try fixture.client(["outbox", "send"])
    #expect(sent.status == 0, "\(sent.standardError)")
    #expect(
      Fixture.lines(sent.standardError, "sent: ") == [
        // The first was made when its answer was lost: the resend finds it made.
        "sent: book 41 (already booked)", "sent: book 42 (booked)", "sent: book 43 (booked)",
        "sent: cancel 41 (cancelled)",
      ])
    #expect(try fixture.events() == [1, 1, 1, -1], "each change once, in order")
    let trips = try fixture.client(["--format", "ids", "trips"])
    #expect(trips.standardOutput == "43\n42\n", "newest first")
    #expect(try fixture.client(["outbox"]).standardError.contains("the outbox is empty"))
    fixture.stop()
  }

  @Test func aRefusedChangeIsReportedAndRolledBackInTheCache() async throws {
    let fixture = try Fixture("refused")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    #expect(try fixture.client(["book", "41"]).status == 0)
    #expect(try fixture.client(["launch", "41"]).status == 0)
    #expect(try fixture.client(["launch", "42"]).status == 0)
    fixture.stop()
    #expect(try fixture.client(["cancel", "41"]).status == 75)
    #expect(try fixture.client(["book", "42"]).status == 75)
    #expect(try fixture.client(["book", "9999"]).status == 75)
    let shown = try fixture.client(["--cache", "cache-only", "launch", "41"])
    #expect(shown.standardOutput.contains("booked:   no (pending: cancel queued, not sent)"), "\(shown)")
    // Dropping an entry rolls its change back in the cache.
    #expect(try fixture.client(["outbox", "drop", "2"]).standardOutput == "dropped: book 42 (not sent)\n")
    let dropped = try fixture.client(["--cache", "cache-only", "launch", "42"])
    #expect(dropped.standardOutput.contains("booked:   no\n"), "\(dropped)")

    // Meanwhile the trip on 41 was cancelled elsewhere (another login of the same user).
    try fixture.start()
    let server = try #require(fixture.server)
    let other = fixture.directory.child("other")
    let direct = ["--endpoint", server.endpoint.absoluteString]
    #expect(
      try ServePersistedQueryTests.client(home: other, direct + ["login", "ada@example.com"]).status == 0)
    #expect(try ServePersistedQueryTests.client(home: other, direct + ["cancel", "41"]).status == 0)

    let flushed = try fixture.client(["launch", "41"])
    #expect(flushed.status == 0)
    #expect(
      Fixture.lines(flushed.standardError, "refused: ") == ["refused: book 9999: no launch with id 9999"])
    // A cancellation of a trip that is gone already ends as asked.
    #expect(Fixture.lines(flushed.standardError, "sent: ") == ["sent: cancel 41 (not booked)"])
    #expect(flushed.standardOutput.contains("booked:   no\n"), "the server's state, not pending: \(flushed)")
    #expect(try fixture.client(["outbox"]).standardError.contains("the outbox is empty"))
    fixture.stop()
  }

  @Test func twoProcessesSendingOneOutboxSendEachEntryOnce() async throws {
    let fixture = try Fixture("two")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    fixture.stop()
    let changes = (0..<3).flatMap { _ in [["book", "41"], ["cancel", "41"]] }
    for words in changes { #expect(try fixture.client(words).status == 75) }
    try fixture.start()
    fixture.proxy.delayAnswers(milliseconds: 30)
    async let first = Task.detached { try fixture.client(["outbox", "send"]) }.value
    async let second = Task.detached { try fixture.client(["outbox", "send"]) }.value
    let outputs = try await [first, second]
    let sent = outputs.flatMap { Fixture.lines($0.standardError, "sent: ") }
    #expect(sent.count == changes.count, "\(outputs.map(\.standardError))")
    #expect(outputs.allSatisfy { Fixture.lines($0.standardError, "refused: ").isEmpty })
    #expect(try fixture.events() == [1, -1, 1, -1, 1, -1])
    fixture.stop()
  }

  @Test func killingASenderLosesNothingAndSendsNothingTwice() async throws {
    let fixture = try Fixture("kill")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    fixture.stop()
    let changes = (0..<4).flatMap { _ in [["book", "41"], ["cancel", "41"]] }
    for words in changes { #expect(try fixture.client(words).status == 75) }
    try fixture.start()
    // Answers held back for seconds: the sender is killed after the server made a change and
    // before its answer arrived, the worst moment.
    fixture.proxy.delayAnswers(milliseconds: 2000)
    let sender = try fixture.startClient(["outbox", "send"])
    sender.standardError = FileHandle.nullDevice
    try sender.run()
    let deadline = ContinuousClock.now + .seconds(60)
    while try fixture.events().isEmpty && ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(10))
    }
    kill(sender.processIdentifier, SIGKILL)
    sender.waitUntilExit()
    let madeBeforeKill = try fixture.events().count
    #expect(madeBeforeKill >= 1 && madeBeforeKill < changes.count, "killed mid-way: \(madeBeforeKill)")
    fixture.proxy.delayAnswers(milliseconds: 0)
    let rest = try fixture.client(["outbox", "send"])
    #expect(rest.status == 0, "\(rest.standardError)")
    #expect(Fixture.lines(rest.standardError, "refused: ").isEmpty, "\(rest.standardError)")
    #expect(try fixture.events() == [1, -1, 1, -1, 1, -1, 1, -1])
    #expect(try fixture.client(["outbox"]).standardError.contains("the outbox is empty"))
    fixture.stop()
  }

  @Test func theShellPromptCountsTheQueueAndLogoutKeepsIt() async throws {
    let fixture = try Fixture("shell")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    fixture.stop()
    let home = fixture.home
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, arguments: ["--endpoint", fixture.endpoint, "--quiet"],
      environment: [
        "HOME": home, "XDG_CONFIG_HOME": home + "/config", "XDG_CACHE_HOME": home + "/cache",
        "XDG_DATA_HOME": home + "/data", "XDG_STATE_HOME": home + "/state", "NO_COLOR": "1", "TERM": "dumb",
      ], columns: 200)
    let server = "127.0.0.1:\(fixture.proxy.port)"
    try terminal.expect("rocket-reserver (ada@example.com @ \(server))> ", timeout: .seconds(60))
    terminal.send("book 41\n")
    try terminal.expect("queued: book 41 (not sent: the server cannot be reached)", timeout: .seconds(60))
    terminal.send("cancel 7\n")
    try terminal.expect("rocket-reserver (ada@example.com @ \(server), 2 queued)> ", timeout: .seconds(60))
    try fixture.start()
    terminal.send("total\n")
    try terminal.expect("sent: book 41 (booked)", timeout: .seconds(60))
    try terminal.expect("sent: cancel 7 (not booked)", timeout: .seconds(60))
    try terminal.expect("rocket-reserver (ada@example.com @ \(server))> ", timeout: .seconds(60))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: .seconds(60)) == 0)
    #expect(try fixture.events() == [1])

    fixture.stop()
    #expect(try fixture.client(["book", "42"]).status == 75)
    let logout = try fixture.client(["logout"])
    #expect(
      logout.standardError
        == "1 queued change waits in the outbox; it is sent after the next login as ada@example.com\n")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    let sent = try fixture.client(["total"])
    #expect(
      Fixture.lines(sent.standardError, "sent: ") == ["sent: book 42 (booked)"], "\(sent.standardError)")
    fixture.stop()
  }

  @Test func anAnswerThatIsNotTheAPIsKeepsTheChange() async throws {
    let fixture = try Fixture("not-api")
    try fixture.start()
    #expect(try fixture.client(["login", "ada@example.com"]).status == 0)
    fixture.stop()
    #expect(try fixture.client(["book", "41"]).status == 75)
    // A web server's error page where the API was: nobody refused the change.
    let page = try LoopbackHTTPStub(response: .html("<h1>Bad gateway</h1>", status: 404))
    defer { page.stop() }
    fixture.proxy.setTarget(page.port)
    let attempt = try fixture.client(["outbox", "send"])
    #expect(attempt.status == 75, "\(attempt.standardError)")
    #expect(
      attempt.standardError.contains("outbox not sent: ") && attempt.standardError.contains("(1 queued)"))
    try fixture.start()
    let sent = try fixture.client(["outbox", "send"])
    #expect(
      Fixture.lines(sent.standardError, "sent: ") == ["sent: book 41 (booked)"], "\(sent.standardError)")
    fixture.stop()
  }

  @Test func serveAnswersAResendFromItsRecordAndRefusesAReusedKey() async throws {
    let directory = try TemporaryDirectory(prefix: "outbox-http")
    let server = try ServeProcess(dataDirectory: directory.child("data"), options: ["--drain", "0"])
    let token = try await server.logIn("ada@example.com")
    func post(_ query: String, key: String) async throws -> (Int, String) {
      let body = String(decoding: JSON.object(["query": .string(query)]).encoded(), as: UTF8.self)
      let answer = try await server.post(body, token: token, headers: ["Idempotency-Key": key])
      return (answer.status, answer.text)
    }
    let book = #"mutation { bookTrips(launchIds: ["7"]) { success message launches { id isBooked } } }"#
    let first = try await post(book, key: #""5d0e6f0a-1c2b-4c52-9a57-0f1e2d3c4b5a""#)
    let again = try await post(book, key: "5d0e6f0a-1c2b-4c52-9a57-0f1e2d3c4b5a")
    #expect(first.0 == 200 && again.0 == 200)
    #expect(again.1 == first.1)
    let cancel = #"mutation { cancelTrip(launchId: "7") { success } }"#
    let reused = try await post(cancel, key: "5d0e6f0a-1c2b-4c52-9a57-0f1e2d3c4b5a")
    #expect(reused.0 == 422 && reused.1.contains("IDEMPOTENCY_KEY_REUSED"), "\(reused)")
    let malformed = try await post(cancel, key: "\"unterminated")
    #expect(malformed.0 == 400, "\(malformed)")
    let (_, total) = try await server.send("{ totalTripsBooked }")
    #expect(total["data"]?["totalTripsBooked"] == .int(1))
    #expect(server.terminate() == 0)
  }
}
