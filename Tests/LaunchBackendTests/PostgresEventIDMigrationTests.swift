import Foundation
import Postgres
import TestSupport
import Testing

@testable import LaunchBackend

/// Opening a PostgreSQL database written before event ids came from transaction ids.
@Suite struct PostgresEventIDMigrationTests {
  @Test func newEventIdsFollowEveryOldOneEvenWhenTheOldLogIsAheadOfTheCluster() async throws {
    let url = try PostgresCluster.shared().createDatabase()
    // The first schema version only, as an older program left it, with a log whose sequence ids
    // are far beyond this cluster's transaction ids (as after a restore into a new cluster).
    let db = try PostgresConnection(conninfo: url)
    try db.execute(
      """
      CREATE TABLE schema_migrations (
        version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now()
      )
      """)
    try db.execute(PostgresBookingSchema.migrations[0].sql)
    try db.run(
      "INSERT INTO schema_migrations (version, name) VALUES (1, $1)",
      [PostgresBookingSchema.migrations[0].name])
    try db.execute("INSERT INTO users (email, email_key) VALUES ('ada@example.com', 'ada@example.com')")
    try db.execute("SELECT setval('trip_events_id_seq', 1000000000)")
    try db.execute("INSERT INTO trip_events (delta) VALUES (1), (-1)")
    let old = try db.query("SELECT id FROM trip_events ORDER BY id").map { try $0.int(0) }
    #expect(old == [1_000_000_001, 1_000_000_002])

    let store = try PostgresBookingStore(PostgresPool.Configuration(conninfo: url))
    defer { store.close() }
    let stream = try store.events.subscribe(after: old[1])
    let ada = try #require(try db.queryFirst("SELECT id FROM users")).int(0)
    try store.book(userID: ada, launchIDs: [5, 6])
    #expect(try store.cancel(userID: ada, launchID: 5))
    let events = try store.tripEvents(after: 0, limit: 10)
    #expect(events.map(\.delta) == [1, -1, 2, -1])
    #expect(events.map(\.id) == events.map(\.id).sorted() && events[2].id > old[1])
    #expect(try store.lastTripEventID() == events[3].id)
    #expect(await collect(stream, count: 2) == Array(events[2...]))
  }
}
