import Foundation
import Postgres
import TestSupport
import Testing

/// Statements queued with `runLater` travel with the next statement, in one round trip (libpq's
/// pipeline mode), and their errors are not lost: counted by a relay between client and server.
@Suite struct PostgresPipelineTests {
  /// A fresh database of the shared cluster, reached through a relay that counts round trips.
  private static func relayed() throws -> (relay: RoundTripCountingRelay, conninfo: String) {
    let cluster = try PostgresCluster.shared()
    let url = try cluster.createDatabase()
    let relay = try RoundTripCountingRelay(targetPort: cluster.port)
    return (relay, url.replacing(":\(cluster.port)/", with: ":\(relay.port)/"))
  }

  @Test func queuedStatementsTravelWithTheNextOne() throws {
    let (relay, conninfo) = try Self.relayed()
    defer { relay.stop() }
    let db = try PostgresConnection(conninfo: conninfo)
    defer { db.close() }
    try db.execute("CREATE TABLE notes (id integer PRIMARY KEY)")
    var trips: [Int] = []
    for first in [1, 3] {
      let before = relay.roundTrips
      try db.runLater("BEGIN")
      try db.runLater("INSERT INTO notes VALUES ($1)", [first])
      // The insert ran first, in the same transaction.
      #expect(try db.queryFirst("SELECT count(*) FROM notes")?.int(0) == first)
      #expect(db.isInTransaction)
      try db.runLater("INSERT INTO notes VALUES ($1)", [first + 1])
      try db.run("COMMIT")
      #expect(!db.isInTransaction)
      trips.append(relay.roundTrips - before)
    }
    // The first pass also prepares each statement once (a round trip each).
    #expect(trips[1] == 2, "\(trips)")
    #expect(try db.queryFirst("SELECT count(*) FROM notes")?.int(0) == 4)
  }

  @Test func aQueuedStatementsErrorIsThrownByTheNextCallWhichDoesNotRun() throws {
    let (relay, conninfo) = try Self.relayed()
    defer { relay.stop() }
    let db = try PostgresConnection(conninfo: conninfo)
    defer { db.close() }
    try db.execute("CREATE TABLE notes (id integer PRIMARY KEY)")
    try db.run("INSERT INTO notes VALUES ($1)", [1])
    try db.runLater("INSERT INTO notes VALUES ($1)", [1])
    let error = try #require(throws: PostgresError.self) { try db.run("INSERT INTO notes VALUES ($1)", [2]) }
    #expect(error.isUniqueViolation, "\(error)")
    #expect(error.sql == "INSERT INTO notes VALUES ($1)")
    // The connection is usable, and the statement after the failed one never ran.
    #expect(try db.query("SELECT id FROM notes ORDER BY id").map { try $0.int(0) } == [1])
    try db.runLater("INSERT INTO notes VALUES ($1)", [3])
    try db.execute("SELECT 1")
    #expect(try db.query("SELECT id FROM notes ORDER BY id").map { try $0.int(0) } == [1, 3])
  }

  @Test func aPoolTransactionSendsBeginAndCommitWithItsStatements() throws {
    let (relay, conninfo) = try Self.relayed()
    defer { relay.stop() }
    let pool = PostgresPool(.init(conninfo: conninfo, size: 1))
    defer { pool.close() }
    try pool.withConnection { try $0.execute("CREATE TABLE notes (id integer PRIMARY KEY)") }
    var trips: [Int] = []
    for id in [1, 2] {
      let before = relay.roundTrips
      let seen = try pool.transaction { db in
        try db.runLater("INSERT INTO notes VALUES ($1)", [id])
        return try db.queryFirst("SELECT count(*) FROM notes")?.int(0)
      }
      #expect(seen == id)
      trips.append(relay.roundTrips - before)
    }
    #expect(trips[1] == 2, "\(trips)")

    // A queued statement that fails at the commit rolls the whole transaction back.
    let error = try #require(throws: PostgresError.self) {
      try pool.transaction { db in
        try db.run("INSERT INTO notes VALUES ($1)", [3])
        try db.runLater("INSERT INTO notes VALUES ($1)", [1])
      }
    }
    #expect(error.isUniqueViolation, "\(error)")
    #expect(
      try pool.withConnection { try $0.query("SELECT id FROM notes ORDER BY id").map { try $0.int(0) } } == [
        1, 2,
      ])
  }
}
