import Foundation
import LaunchBackend
import Postgres
import TestSupport
import Testing

/// On PostgreSQL a booking and a cancellation without an `Idempotency-Key` are one statement
/// each (the trips, the event, one implicit transaction): counted by the server itself, with
/// `pg_stat_statements` (a cluster of the suite's own, since the module must be loaded at start).
@Suite(.serialized) struct PostgresOneStatementTests {
  /// A cluster with `pg_stat_statements` loaded, and a store on a fresh database of it.
  private final class CountingCluster {
    let cluster: PostgresCluster
    let url: String
    let admin: PostgresConnection

    init() throws {
      cluster = try PostgresCluster()
      let setup = try PostgresConnection(conninfo: cluster.url(database: "postgres"))
      try setup.execute("ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'")
      setup.close()
      cluster.stop()
      try cluster.start()
      url = try cluster.createDatabase()
      admin = try PostgresConnection(conninfo: url)
      try admin.execute("CREATE EXTENSION pg_stat_statements")
    }

    func destroy() {
      admin.close()
      cluster.destroy()
    }

    func resetCounts() throws { try admin.query("SELECT pg_stat_statements_reset()") }

    /// Statements run in this database since the reset, by text, without the connections'
    /// set-up (`SET`, `LISTEN`), the announcements after commits and this counting.
    func statements() throws -> [String: Int] {
      let rows = try admin.query(
        """
        SELECT query, calls FROM pg_stat_statements
        WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND query !~* '^\\s*(SET|LISTEN)\\s|pg_notify|pg_stat_statements'
        """)
      var counts: [String: Int] = [:]
      for row in rows { counts[try row.string(0), default: 0] += try row.int(1) }
      return counts
    }
  }

  @Test func aBookingAndACancellationAreOneStatementEach() throws {
    let counting = try CountingCluster()
    defer { counting.destroy() }
    let store = try PostgresBookingStore(PostgresPool.Configuration(conninfo: counting.url, size: 2))
    defer { store.close() }
    let ada = try store.login(email: EmailAddress(validating: "ada@example.com")).user
    try store.book(userID: ada.id, launchIDs: [1])
    try counting.resetCounts()

    #expect(try store.book(userID: ada.id, launchIDs: [3, 2, 3]) == [3, 2])
    #expect(try store.book(userID: ada.id, launchIDs: [2, 4]) == [4])
    #expect(try store.book(userID: ada.id, launchIDs: [1]) == [])
    #expect(try store.cancel(userID: ada.id, launchID: 2))
    #expect(try !store.cancel(userID: ada.id, launchID: 99))

    let counts = try counting.statements()
    #expect(counts.values.reduce(0, +) == 5, "\(counts)")
    #expect(counts.keys.allSatisfy { $0.hasPrefix("WITH") }, "\(counts)")
    // Each statement logged its event exactly when it changed something, in one transaction.
    #expect(try store.allTripEvents().map(\.delta) == [1, 2, 1, -1])
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 3, 4])
  }

  @Test func aBookingForAnUnknownUserChangesNothing() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let store = try PostgresBookingStore(PostgresPool.Configuration(conninfo: url, size: 2))
    defer { store.close() }
    let error = try #require(throws: BookingStoreError.self) {
      try store.book(userID: 4242, launchIDs: [1, 2])
    }
    guard case .unknownUser(let id) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(id == 4242)
    #expect(try store.allTripEvents().isEmpty)
    #expect(try store.totalTripsBooked() == 0)
  }
}
