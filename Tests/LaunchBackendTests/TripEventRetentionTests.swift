import Foundation
import GraphQL
import GraphQLWire
import LaunchBackend
import Synchronization
import TestSupport
import Testing

/// Pruning the event log by retention, and where the retained log begins, on both databases;
/// and the backend's answers to `extensions.resumeAfter`.
@Suite struct TripEventRetentionTests {
  /// Books launches 1...n one at a time: n events of +1.
  private static func bookOneByOne(_ store: any BookingStore, _ n: Int) throws -> [Int] {
    let ada = try store.login("ada@example.com").user
    for launch in 1...n { try store.book(userID: ada.id, launchIDs: [launch]) }
    return try store.allTripEvents().map(\.id)
  }

  @Test(arguments: StoreKind.allCases) func aCountBoundPrunesTheOldestAndRecordsHowFar(kind: StoreKind) throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    #expect(try store.tripEventLogStart() == TripEventLogStart(prunedThrough: 0, oldestID: nil))
    let ids = try Self.bookOneByOne(store, 5)
    #expect(ids.count == 5)
    #expect(try store.tripEventLogStart() == TripEventLogStart(prunedThrough: 0, oldestID: ids[0]))
    #expect(try store.pruneTripEvents(TripEventRetention(maxAge: nil, maxCount: 2)) == 3)
    #expect(try store.allTripEvents().map(\.id) == Array(ids[3...]))
    let start = try store.tripEventLogStart()
    #expect(start == TripEventLogStart(prunedThrough: ids[2], oldestID: ids[3]))
    #expect(start.hasExpired(after: ids[1]))
    #expect(!start.hasExpired(after: ids[2]))
    // An upper bound: the one pruning removed three events, one of them at or before ids[0].
    #expect(try store.prunedTripEventCount(after: ids[0]) == 3)
    #expect(try store.prunedTripEventCount(after: ids[2]) == 0)
    // Nothing more to prune; another process pruning too finds nothing.
    #expect(try store.pruneTripEvents(TripEventRetention(maxAge: nil, maxCount: 2)) == 0)
    #expect(try fixture.open().pruneTripEvents(TripEventRetention(maxAge: nil, maxCount: 2)) == 0)
  }

  @Test(arguments: StoreKind.allCases) func anAgeBoundPrunesOnlyWhatIsOlder(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ids = try Self.bookOneByOne(store, 3)
    #expect(try store.pruneTripEvents(TripEventRetention(maxAge: .seconds(3600), maxCount: nil)) == 0)
    #expect(try store.allTripEvents().map(\.id) == ids)
    // Age 0 s keeps only what was logged in the current second or later: wait for the next one.
    let logged = Date().timeIntervalSince1970.rounded(.down)
    while Date().timeIntervalSince1970 < logged + 1.05 { usleep(20_000) }
    #expect(try store.pruneTripEvents(TripEventRetention(maxAge: .zero, maxCount: nil)) == 3)
    #expect(try store.tripEventLogStart() == TripEventLogStart(prunedThrough: ids[2], oldestID: nil))
  }

  /// Whether a subscription's stream has ended, and what it delivered.
  private final class Ending: Sendable {
    let received = Mutex<[Int]?>(nil)
  }

  @Test(arguments: StoreKind.allCases) func aSubscriberBehindAPruningIsEndedNotSkippedAhead(kind: StoreKind)
    async throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ids = try Self.bookOneByOne(store, 5)
    #expect(try store.pruneTripEvents(TripEventRetention(maxAge: nil, maxCount: 2)) == 3)
    // Behind the pruning (as a subscriber paused while it ran would be): ended with nothing.
    let behind = try store.events.subscribe(after: ids[0])
    let ending = Ending()
    let reader = Task {
      var received: [Int] = []
      for await event in behind { received.append(event.id) }
      ending.received.withLock { $0 = received }
    }
    #expect(await waitUntil(within: .seconds(30)) { ending.received.withLock { $0 != nil } })
    #expect(ending.received.withLock { $0 } == [])
    reader.cancel()
    // At the pruning's edge: everything kept.
    var edge = try store.events.subscribe(after: ids[2]).makeAsyncIterator()
    #expect(await edge.next()?.id == ids[3])
    #expect(await edge.next()?.id == ids[4])
  }

  @Test func theBackendReplaysAfterResumeAfterAndRefusesAnExpiredOne() async throws {
    let fixture = try StoreFixture(.sqlite)
    defer { fixture.close() }
    let store = try fixture.open()
    let ids = try Self.bookOneByOne(store, 4)
    let backend = try LaunchBackend(store: store)
    func start(_ resumeAfter: JSON) -> LaunchBackend.OperationStart {
      backend.start(
        GraphQLRequest(query: "subscription { tripsBooked }", extensions: ["resumeAfter": resumeAfter]),
        authorization: nil)
    }
    guard case .stream(let results) = start(.string(String(ids[1]))) else {
      Issue.record("no stream")
      return
    }
    var iterator = results.makeAsyncIterator()
    for id in ids[2...] {
      let result = try #require(await iterator.next())
      #expect(result.eventID == String(id))
      #expect(
        String(decoding: result.body, as: UTF8.self).replacing(/,"eventTime":"[0-9-]+T[0-9:]+Z"/, with: "")
          == #"{"data":{"tripsBooked":1},"extensions":{"eventId":"\#(id)"}}"#)
    }
    _ = try store.pruneTripEvents(TripEventRetention(maxAge: nil, maxCount: 1))
    guard case .refused(let refusal) = start(.string(String(ids[0]))) else {
      Issue.record("an expired id was not refused")
      return
    }
    let error = try #require(refusal.errors.first)
    #expect(error.code == "EVENTS_EXPIRED")
    #expect(error.extensions?["oldestEventId"] == .string(String(ids[3])))
    #expect(error.extensions?["resumeAfter"] == .string(String(ids[2])))
    guard case .refused(let invalid) = start(.string("forty-two")) else {
      Issue.record("a malformed id was not refused")
      return
    }
    #expect(invalid.errors.first?.code == "BAD_USER_INPUT")
  }

  @Test(arguments: StoreKind.allCases) func aResumeAfterBeyondTheNewestEventIsRefusedNamingIt(kind: StoreKind)
    async throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ids = try Self.bookOneByOne(store, 2)
    let backend = try LaunchBackend(store: store)
    func start(_ resumeAfter: String) -> LaunchBackend.OperationStart {
      backend.start(
        GraphQLRequest(
          query: "subscription { tripsBooked }", extensions: ["resumeAfter": .string(resumeAfter)]),
        authorization: nil)
    }
    for ahead in [String(ids[1] + 1), "9223372036854775807"] {
      guard case .refused(let refusal) = start(ahead) else {
        Issue.record("resumeAfter \(ahead) was not refused")
        continue
      }
      let error = try #require(refusal.errors.first)
      #expect(error.code == "BAD_USER_INPUT")
      #expect(error.extensions?["newestEventId"] == .string(String(ids[1])))
      #expect(error.message.contains("the newest event is \(ids[1])"), "\(error.message)")
    }
    // The newest id itself is where a client that saw everything resumes: nothing yet, then live.
    guard case .stream(let results) = start(String(ids[1])) else {
      Issue.record("resuming after the newest event was refused")
      return
    }
    _ = try store.book(userID: try store.login("late@example.com").user.id, launchIDs: [50])
    var iterator = results.makeAsyncIterator()
    #expect(try #require(await iterator.next()).eventID.flatMap(Int.init).map { $0 > ids[1] } == true)
  }
}
