import Foundation
import GraphQL
import GraphQLWire
import LaunchBackend
import SQLite
import Synchronization
import TestSupport
import Testing

/// `Idempotency-Key`: a keyed booking or cancellation runs at most once per user and key, its
/// answer recorded in its own transaction, on both databases.
@Suite struct IdempotencyKeyTests {
  private static func bookOnce(_ store: any BookingStore, _ claim: IdempotencyClaim, _ ids: [Int]) throws
    -> IdempotentOutcome
  {
    try store.once(claim) { changes in
      let added = try changes.book(launchIDs: ids)
      return RecordedTripUpdate(success: true, message: "booked \(added.count)", launchIDs: ids)
    }
  }

  @Test(arguments: StoreKind.allCases) func aResendGetsTheRecordedAnswerAndBooksNothing(kind: StoreKind)
    throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    let claim = IdempotencyClaim(userID: ada.id, key: "k-1", position: 0, fingerprint: "bookTrips:5,6")
    let first = try Self.bookOnce(store, claim, [5, 6])
    #expect(
      first
        == .performed(RecordedTripUpdate(success: true, message: "booked 2", launchIDs: [5, 6]), delta: 2))
    // Another process's store, as a second `serve` would see it.
    let other = try fixture.open()
    let again = try Self.bookOnce(other, claim, [5, 6])
    #expect(again == .replayed(RecordedTripUpdate(success: true, message: "booked 2", launchIDs: [5, 6])))
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [5, 6])
    #expect(try store.allTripEvents().map(\.delta) == [2])
    // Another user's same key is another key.
    let bob = try store.login("bob@example.com").user
    let bobs = IdempotencyClaim(userID: bob.id, key: "k-1", position: 0, fingerprint: "bookTrips:5,6")
    #expect(try Self.bookOnce(store, bobs, [5, 6]) != again)
    #expect(try store.totalTripsBooked() == 4)
  }

  @Test(arguments: StoreKind.allCases) func theSameKeyForAnotherRequestChangesNothing(kind: StoreKind) throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    _ = try Self.bookOnce(
      store, IdempotencyClaim(userID: ada.id, key: "k", position: 0, fingerprint: "bookTrips:5"), [5])
    let reused = try store.once(
      IdempotencyClaim(userID: ada.id, key: "k", position: 0, fingerprint: "cancelTrip:5")
    ) { changes in
      _ = try changes.cancel(launchID: 5)
      return RecordedTripUpdate(success: true, message: "cancelled", launchIDs: [5])
    }
    #expect(reused == .keyReused)
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [5])
  }

  @Test(arguments: StoreKind.allCases) func resendsRacingFromThreadsBookOnce(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let ada = try fixture.open().login("ada@example.com").user
    let stores = try (0..<4).map { _ in try fixture.open() }
    let performed = Atomic<Int>(0)
    let claim = IdempotencyClaim(userID: ada.id, key: "race", position: 0, fingerprint: "bookTrips:7")
    let errors = runOnThreads(8) { thread in
      if case .performed = try Self.bookOnce(stores[thread % stores.count], claim, [7]) {
        performed.add(1, ordering: .relaxed)
      }
    }
    #expect(errors.isEmpty, "\(errors)")
    #expect(performed.load(ordering: .relaxed) == 1)
    #expect(try stores[0].allTripEvents().map(\.delta) == [1])
  }

  @Test func aKeyOlderThanADayIsForgotten() throws {
    let fixture = try StoreFixture(.sqlite)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    let claim = IdempotencyClaim(userID: ada.id, key: "old", position: 0, fingerprint: "bookTrips:5")
    _ = try Self.bookOnce(store, claim, [5])
    guard case .sqlite(let path) = fixture.database else { return }
    let db = try Connection(path: path)
    try db.run(
      "UPDATE idempotency_keys SET created_at = created_at - ?", [IdempotencyClaim.retentionSeconds + 1])
    db.close()
    #expect(try store.cancel(userID: ada.id, launchID: 5))
    guard case .performed = try Self.bookOnce(store, claim, [5]) else {
      Issue.record("a day-old key must make a new change")
      return
    }
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [5])
  }

  @Test func theBackendAnswersAResendAsItAnsweredTheFirst() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    let book = GraphQLRequest(
      query:
        #"mutation { bookTrips(launchIds: ["5", "6", "9999"]) { success message launches { id isBooked } } }"#
    )
    func send(_ request: GraphQLRequest, key: String?) -> String {
      String(
        decoding: harness.backend.process(request, authorization: token, idempotencyKey: key).body,
        as: UTF8.self)
    }
    let first = send(book, key: "abc")
    #expect(first.contains(#""success":false"#) && first.contains("9999"), "\(first)")
    #expect(send(book, key: "abc") == first)
    #expect(harness.run("{ totalTripsBooked }")["data"]?["totalTripsBooked"] == .int(2))
    // Without a key, the same request runs again (and books nothing new).
    #expect(send(book, key: nil) == first)
    let cancel = GraphQLRequest(query: #"mutation { cancelTrip(launchId: "5") { success } }"#)
    let reused = send(cancel, key: "abc")
    #expect(reused.contains("IDEMPOTENCY_KEY_REUSED"), "\(reused)")
    #expect(harness.run("{ totalTripsBooked }")["data"]?["totalTripsBooked"] == .int(2))
    #expect(send(cancel, key: "def").contains(#""success":true"#))
    #expect(send(cancel, key: "def").contains(#""success":true"#))
    #expect(harness.run("{ totalTripsBooked }")["data"]?["totalTripsBooked"] == .int(1))
    #expect(harness.reported.all.isEmpty, "\(harness.reported.all)")
  }
}
