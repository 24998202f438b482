import Foundation
import LaunchBackend
import Postgres
import Synchronization
import TestSupport
import Testing

/// What only the PostgreSQL store does: migrations shared by processes, connection errors,
/// surviving a server restart.
@Suite struct PostgresBookingStoreTests {
  private static func open(_ url: String, poolSize: Int = 4) throws -> PostgresBookingStore {
    try PostgresBookingStore(PostgresPool.Configuration(conninfo: url, size: poolSize))
  }

  @Test func migratesOnceAndRefusesANewerSchema() throws {
    let url = try PostgresCluster.shared().createDatabase()
    try Self.open(url).close()
    try Self.open(url).close()
    let db = try PostgresConnection(conninfo: url)
    #expect(
      try db.query("SELECT version FROM schema_migrations ORDER BY version").map { try $0.int(0) } == [
        1, 2, 3, 4, 5, 6,
      ])
    try db.run("INSERT INTO schema_migrations (version, name) VALUES (99, 'from the future')")
    let error = try #require(throws: BookingStoreError.self) { try Self.open(url) }
    guard case .databaseTooNew(_, let found, let supported) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(found == 99 && supported == 6)
  }

  @Test func storesOpeningAtOnceMigrateOnce() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let errors = runOnThreads(6) { _ in try Self.open(url, poolSize: 1).close() }
    #expect(errors.isEmpty, "\(errors)")
    let db = try PostgresConnection(conninfo: url)
    #expect(try db.queryFirst("SELECT count(*) FROM schema_migrations")?.int(0) == 6)
  }

  @Test func anUnreachableServerIsNamedWithoutThePassword() throws {
    // A port nobody listens on: the shared cluster's, plus one, is not guaranteed free, so
    // start and stop a server of our own and use its port.
    let cluster = try PostgresCluster()
    cluster.destroy()
    let url = "postgresql://ada:sekrit-pass@127.0.0.1:\(cluster.port)/launches"
    let error = try #require(throws: BookingStoreError.self) { try Self.open(url) }
    guard case .cannotConnect = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(error.description.contains("127.0.0.1:\(cluster.port)"), "\(error)")
    #expect(!error.description.contains("sekrit"), "\(error)")
    #expect(!String(describing: error).contains("sekrit"))
  }

  @Test func tokensAreStoredOnlyAsDigests() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let store = try Self.open(url)
    defer { store.close() }
    let (_, token) = try store.login(email: EmailAddress(validating: "ada@example.com"))
    let db = try PostgresConnection(conninfo: url)
    let stored = try db.query("SELECT encode(token_hash, 'hex') FROM sessions").map { try $0.string(0) }
    let digest = try #require(SessionToken(text: token)).digest.map { String(format: "%02x", $0) }.joined()
    #expect(stored == [digest])
    let dump = try db.query("SELECT s::text FROM sessions s").map { try $0.string(0) }.joined()
    #expect(!dump.contains(token))
  }

  @Test func eventsCommittedOutOfIdOrderReachSubscribersOfTwoStoresInIdOrder() async throws {
    let url = try PostgresCluster.shared().createDatabase()
    let stores = [try Self.open(url), try Self.open(url)]
    defer { stores.forEach { $0.close() } }
    let ada = try stores[0].login(email: EmailAddress(validating: "ada@example.com")).user
    try stores[0].book(userID: ada.id, launchIDs: [1])
    let before = try stores[0].lastTripEventID()
    let streams = try stores.map { try $0.events.subscribe(after: before) }

    // The slow transaction takes the smaller id (its transaction id comes first), the fast one
    // the larger, and commits first; each writes a trip and its event and then notifies, as the
    // store does.
    let slow = try PostgresConnection(conninfo: url)
    let fast = try PostgresConnection(conninfo: url)
    try slow.execute("BEGIN")
    try slow.run("INSERT INTO trips (user_id, launch_id) VALUES ($1, 2)", [ada.id])
    try slow.run("INSERT INTO trip_events (delta) VALUES (1)")
    try fast.execute("BEGIN")
    try fast.run("DELETE FROM trips WHERE user_id = $1 AND launch_id = 1", [ada.id])
    try fast.run("INSERT INTO trip_events (delta) VALUES (-1)")
    try fast.execute("COMMIT")
    try fast.query("SELECT pg_notify($1, '')", [PostgresBookingStore.notificationChannel])

    // The fast event is committed and visible, but not final while the slow one may still commit
    // a smaller id: readers wait for it, then leave it out, and the feeds hold it back.
    #expect(try stores[1].tripEvents(after: before, limit: 10).isEmpty)
    #expect(try stores[1].lastTripEventID() == before)
    #expect(try stores[1].bookedLaunchIDs(userID: ada.id) == [])
    try slow.execute("COMMIT")
    try slow.query("SELECT pg_notify($1, '')", [PostgresBookingStore.notificationChannel])

    let logged = try stores[1].tripEvents(after: before, limit: 10)
    #expect(logged.map(\.delta) == [1, -1])
    for stream in streams {
      #expect(await collect(stream, count: 2) == logged)
    }
  }

  @Test func aRestartedServerMeansUnavailableThenFullRecoveryWithNoEventLost() async throws {
    let cluster = try PostgresCluster()
    defer { cluster.destroy() }
    let url = try cluster.createDatabase()
    let watching = try Self.open(url)
    let booking = try Self.open(url)
    defer {
      watching.close()
      booking.close()
    }
    let ada = try booking.login(email: EmailAddress(validating: "ada@example.com")).user
    let stream = try watching.events.subscribe()
    try booking.book(userID: ada.id, launchIDs: [1])

    cluster.stop()
    let error = try #require(throws: BookingStoreError.self) {
      try booking.book(userID: ada.id, launchIDs: [2])
    }
    guard case .unavailable = error else {
      Issue.record("unexpected \(error)")
      return
    }
    try cluster.start()
    // The first calls after the restart reconnect by themselves; the watcher's LISTEN
    // connection may still be away, and the event reaches the subscriber from the log anyway.
    try booking.book(userID: ada.id, launchIDs: [2, 3])
    #expect(try booking.cancel(userID: ada.id, launchID: 1))
    #expect(await collect(stream, count: 3).map(\.delta) == [1, 2, -1])
    #expect(try watching.bookedLaunchIDs(userID: ada.id) == [2, 3])
  }
}
