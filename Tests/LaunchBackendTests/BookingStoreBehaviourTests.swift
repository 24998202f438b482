import Foundation
import LaunchBackend
import Synchronization
import TestSupport
import Testing

/// The behaviour every ``BookingStore`` must have, run once per implementation.
@Suite struct BookingStoreBehaviourTests {
  @Test(arguments: StoreKind.allCases) func loginTwiceGivesTwoWorkingTokensForOneUser(kind: StoreKind) throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let first = try store.login("ada@example.com")
    let second = try store.login("ada@EXAMPLE.com")
    #expect(first.user == second.user)
    #expect(first.user.email == "ada@example.com")
    #expect(first.token != second.token)
    #expect(try store.user(forToken: first.token) == first.user)
    #expect(try store.user(forToken: second.token) == first.user)
    #expect(try store.login("bob@example.com").user != first.user)
  }

  @Test(arguments: StoreKind.allCases) func expiredSessionsAreRefusedAndPruned(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let session = try store.login("ada@example.com")
    let now = Int(Date().timeIntervalSince1970)
    #expect(try store.user(forToken: session.token, createdSince: now - 10) == session.user)
    #expect(try store.user(forToken: session.token, createdSince: now + 10) == nil)
    #expect(try store.pruneSessions(createdBefore: now - 10) == 0)
    #expect(try store.pruneSessions(createdBefore: now + 10) == 1)
    // Gone from the database; another store on it (with nothing remembered) does not know it.
    let other = try fixture.open()
    #expect(try other.user(forToken: session.token) == nil)
  }

  @Test(arguments: StoreKind.allCases) func emailsCompareIgnoringCaseKeepingTheFirstSpelling(kind: StoreKind)
    throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let first = try store.login("Ada.Lovelace@Example.com")
    let second = try store.login("ada.lovelace@example.COM")
    let shouted = try store.login("ADA.LOVELACE@EXAMPLE.COM")
    #expect(first.user == second.user && first.user == shouted.user)
    #expect(shouted.user.email == first.user.email)
    #expect(try store.login("bob@example.com").user != first.user)
  }

  @Test(arguments: StoreKind.allCases) func forgedOrMalformedTokensAreAnonymous(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let (_, token) = try store.login("ada@example.com")
    #expect(try store.user(forToken: SessionToken.generate().text) == nil)
    #expect(try store.user(forToken: "") == nil)
    #expect(try store.user(forToken: "Bearer " + token) == nil)
    #expect(try store.user(forToken: Data("ada@example.com".utf8).base64EncodedString()) == nil)
    var flipped = Array(token)
    flipped[0] = flipped[0] == "A" ? "B" : "A"
    #expect(try store.user(forToken: String(flipped)) == nil)
  }

  @Test(arguments: StoreKind.allCases) func bookingKeepsOrderAndIsIdempotent(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    #expect(try store.book(userID: ada.id, launchIDs: [42, 7, 42]) == [42, 7])
    #expect(try store.book(userID: ada.id, launchIDs: [7, 1]) == [1])
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [42, 7, 1])
    #expect(try store.isBooked(userID: ada.id, launchID: 7))
    #expect(try !store.isBooked(userID: ada.id, launchID: 8))
    #expect(try store.totalTripsBooked() == 3)
    #expect(try store.book(userID: ada.id, launchIDs: []) == [])
  }

  @Test(arguments: StoreKind.allCases) func bookingForAnUnknownUserFailsAndLogsNothing(kind: StoreKind) throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    #expect(throws: BookingStoreError.unknownUser(id: 999)) {
      try store.book(userID: 999, launchIDs: [1, 2])
    }
    #expect(try store.totalTripsBooked() == 0)
    #expect(try store.allTripEvents().isEmpty)
    #expect(try store.lastTripEventID() == 0)
  }

  @Test(arguments: StoreKind.allCases) func usersOnlySeeAndCancelTheirOwnTrips(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    let bob = try store.login("bob@example.com").user
    try store.book(userID: ada.id, launchIDs: [1, 2])
    try store.book(userID: bob.id, launchIDs: [2, 3])
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 2])
    #expect(try store.bookedLaunchIDs(userID: bob.id) == [2, 3])
    #expect(try !store.isBooked(userID: bob.id, launchID: 1))
    #expect(try store.cancel(userID: bob.id, launchID: 1) == false)
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 2])
    #expect(try store.cancel(userID: bob.id, launchID: 2) == true)
    #expect(try store.cancel(userID: bob.id, launchID: 2) == false)
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 2])
    #expect(try store.bookedLaunchIDs(userID: bob.id) == [3])
    #expect(try store.totalTripsBooked() == 3)
  }

  @Test(arguments: StoreKind.allCases) func theEventLogHoldsOneEventPerCommittedChange(kind: StoreKind) throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    try store.book(userID: ada.id, launchIDs: [1, 2, 3])
    try store.book(userID: ada.id, launchIDs: [3])  // nothing new: no event
    _ = try store.cancel(userID: ada.id, launchID: 2)
    _ = try store.cancel(userID: ada.id, launchID: 2)  // nothing to cancel: no event
    try store.book(userID: ada.id, launchIDs: [2, 4])
    let events = try store.allTripEvents()
    #expect(events.map(\.delta) == [3, -1, 2])
    #expect(events.map(\.id) == events.map(\.id).sorted())
    #expect(try store.lastTripEventID() == events.last?.id)
    #expect(try store.tripEvents(after: events[0].id, limit: 1) == [events[1]])
    // The log adds up to the trips there are.
    #expect(events.map(\.delta).reduce(0, +) == (try store.totalTripsBooked()))
  }

  @Test(arguments: StoreKind.allCases) func eightThreadsOnTwoStoresEndConsistent(kind: StoreKind) throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    // Two stores on one database: two processes.
    let stores = [try fixture.open(), try fixture.open()]
    let users = try (0..<4).map { try stores[0].login("u\($0)@example.com") }
    let launches = Array(1...30)
    let newlyBooked = Tally()
    // Threads t and t + 4 book the same launches for the same user on different stores, and
    // race to cancel some of them.
    let errors = runOnThreads(8) { thread in
      let store = stores[thread % 2]
      guard let user = try store.user(forToken: users[thread % 4].token) else { throw TokenRejected() }
      for start in stride(from: 0, to: launches.count, by: 3) {
        let added = try store.book(userID: user.id, launchIDs: Array(launches[start..<start + 3]))
        newlyBooked.add(user.id, added.count)
        if try store.cancel(userID: user.id, launchID: launches[start]) { newlyBooked.add(user.id, -1) }
      }
      try store.book(userID: user.id, launchIDs: [100 + thread])
      guard try store.cancel(userID: user.id, launchID: 100 + thread) else { throw CancelFailed() }
    }
    #expect(errors.isEmpty, "\(errors)")
    var total = 0
    for (user, _) in users {
      let booked = try stores[1].bookedLaunchIDs(userID: user.id)
      #expect(booked.count == Set(booked).count)
      // Whatever the interleaving, what the calls reported adds up to what is stored.
      #expect(newlyBooked.total(for: user.id) == booked.count)
      total += booked.count
    }
    #expect(try stores[0].totalTripsBooked() == total)
    #expect(try stores[1].allTripEvents().map(\.delta).reduce(0, +) == total)
  }

  @Test(arguments: StoreKind.allCases) func aSubscriberSeesCommitsFromAnotherStoreInOrder(kind: StoreKind)
    async throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let watching = try fixture.open()
    let booking = try fixture.open()
    let ada = try booking.login("ada@example.com").user
    try booking.book(userID: ada.id, launchIDs: [1])  // before the subscription: not delivered
    let stream = try watching.events.subscribe()
    try booking.book(userID: ada.id, launchIDs: [2, 3])
    _ = try booking.cancel(userID: ada.id, launchID: 2)
    let events = await collect(stream, count: 2)
    #expect(events.map(\.delta) == [2, -1])
  }

  @Test(arguments: StoreKind.allCases) func aSubscriberAfterAnIdGetsTheMissedEventsFirst(kind: StoreKind)
    async throws
  {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    try store.book(userID: ada.id, launchIDs: [1])
    try store.book(userID: ada.id, launchIDs: [2, 3])
    let logged = try store.allTripEvents()
    let stream = try store.events.subscribe(after: logged[0].id)
    _ = try store.cancel(userID: ada.id, launchID: 1)
    let events = await collect(stream, count: 2)
    #expect(events.map(\.delta) == [2, -1])
    #expect(events.first == logged[1])
  }

  @Test(arguments: StoreKind.allCases) func aSubscriberThatFallsBehindIsPausedAndCatchesUpFromTheLog(
    kind: StoreKind
  ) async throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let ada = try store.login("ada@example.com").user
    for launch in 1...5 { try store.book(userID: ada.id, launchIDs: [launch]) }
    let slow = try store.events.subscribe(after: 0, capacity: 2)
    let reader = try store.events.subscribe(after: 0)
    // The reader gets everything while the slow one, two events behind with nothing read, is
    // paused, not dropped: it stays subscribed and gets all of it, in order, once it reads.
    #expect(await collect(reader, count: 5).count == 5)
    try store.book(userID: ada.id, launchIDs: [6])
    #expect(await collect(reader, count: 1).map(\.delta) == [1])
    #expect(try store.events.subscriberCount == 2)
    let logged = try store.allTripEvents()
    #expect(await collect(slow, count: 6) == logged)
    try store.book(userID: ada.id, launchIDs: [7])
    #expect(await collect(slow, count: 1).map(\.delta) == [1])
  }

  @Test(arguments: StoreKind.allCases) func aSubscriberThatGoesAwayIsForgotten(kind: StoreKind) async throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    do {
      let stream = try store.events.subscribe(after: 0, capacity: 2)
      #expect(try store.events.subscriberCount == 1)
      _ = stream
    }
    // Letting go of the stream without iterating ends the subscription.
    #expect(await waitUntil { (try? store.events.subscriberCount) == 0 })
  }

  @Test(arguments: StoreKind.allCases) func anIdleSubscriptionCostsAlmostNoCPU(kind: StoreKind) async throws {
    let fixture = try StoreFixture(kind)
    defer { fixture.close() }
    let store = try fixture.open()
    let stream = try store.events.subscribe()
    let before = eventFeedThreadTicks()
    // Two idle seconds: SQLite looks at data_version 8 times, PostgreSQL waits in poll.
    try await Task.sleep(for: .seconds(2))
    let used = eventFeedThreadTicks() - before
    #expect(used <= 5, "the idle feed threads used \(used * 10) ms of CPU in 2 s")
    _ = stream
  }

  struct CancelFailed: Error {}
  struct TokenRejected: Error {}

  /// Sums counts per user across threads.
  final class Tally: Sendable {
    private let counts = Mutex<[Int: Int]>([:])
    func add(_ user: Int, _ count: Int) { counts.withLock { $0[user, default: 0] += count } }
    func total(for user: Int) -> Int { counts.withLock { $0[user, default: 0] } }
  }
}
