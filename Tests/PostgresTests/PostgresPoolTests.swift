import Foundation
import Postgres
import Synchronization
import TestSupport
import Testing

/// The Swift layer over libpq against the private test cluster.
@Suite struct PostgresPoolTests {
  @Test func parametersTravelSeparatelyFromTheSQL() throws {
    let db = try PostgresConnection(conninfo: try PostgresCluster.shared().createDatabase())
    try db.execute("CREATE TABLE notes (id serial PRIMARY KEY, body text, data bytea, flag boolean)")
    let hostile = "x'); DROP TABLE notes; --"
    let bytes = Data([0, 1, 0xfe, 0xff])
    try db.run("INSERT INTO notes (body, data, flag) VALUES ($1, $2, $3)", [hostile, bytes, true])
    let row = try #require(try db.queryFirst("SELECT body, encode(data, 'hex'), flag FROM notes"))
    #expect(try row.string(0) == hostile)
    #expect(try row.string(1) == "0001feff")
    #expect(try row.bool(2))
    #expect(try db.run("UPDATE notes SET flag = $1", [false]) == 1)
  }

  @Test func serverErrorsCarryTheirSQLState() throws {
    let db = try PostgresConnection(conninfo: try PostgresCluster.shared().createDatabase())
    try db.execute("CREATE TABLE users (email text PRIMARY KEY)")
    try db.run("INSERT INTO users VALUES ($1)", ["ada@example.com"])
    let error = try #require(throws: PostgresError.self) {
      try db.run("INSERT INTO users VALUES ($1)", ["ada@example.com"])
    }
    #expect(error.isUniqueViolation && error.kind == .server)
    // The SQL is kept for developers, the bound value is not.
    #expect(error.sql == "INSERT INTO users VALUES ($1)")
    #expect(!error.description.contains("ada@example.com"))
  }

  @Test func aSlowStatementIsCancelledAndItsConnectionReused() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let pool = PostgresPool(.init(conninfo: url, size: 1, statementTimeout: .milliseconds(200)))
    defer { pool.close() }
    let error = try #require(throws: PostgresError.self) {
      try pool.withConnection { try $0.query("SELECT pg_sleep(30)") }
    }
    #expect(error.isTimeout)
    #expect(try pool.withConnection { try $0.queryFirst("SELECT 1")?.int(0) } == 1)
  }

  @Test func aFullPoolMakesCallersWaitThenGiveUp() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let pool = PostgresPool(.init(conninfo: url, size: 1, checkoutTimeout: .milliseconds(300)))
    defer { pool.close() }
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let holder = Thread {
      _ = try? pool.withConnection { _ in
        holding.signal()
        release.wait()
      }
    }
    holder.start()
    holding.wait()
    let error = try #require(throws: PostgresError.self) { try pool.withConnection { _ in () } }
    #expect(error.kind == .poolExhausted && error.isUnavailable)
    release.signal()
    #expect(try pool.withConnection { try $0.queryFirst("SELECT 2")?.int(0) } == 2)
  }

  @Test func transactionsRollBackOnAThrowAndCommitOtherwise() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let pool = PostgresPool(.init(conninfo: url))
    defer { pool.close() }
    try pool.withConnection { try $0.execute("CREATE TABLE t (x int)") }
    struct Abort: Error {}
    #expect(throws: Abort.self) {
      try pool.transaction { db in
        try db.run("INSERT INTO t VALUES ($1)", [1])
        throw Abort()
      }
    }
    try pool.transaction { db in try db.run("INSERT INTO t VALUES ($1)", [2]) }
    #expect(try pool.withConnection { try $0.query("SELECT x FROM t").map { try $0.int(0) } } == [2])
  }

  @Test func aConnectionFailureNamesHostAndPortButNeverThePassword() throws {
    let stopped = try PostgresCluster()
    stopped.destroy()
    let error = try #require(throws: PostgresError.self) {
      try PostgresConnection(conninfo: "host=127.0.0.1 port=\(stopped.port) user=ada password=hunter2-secret")
    }
    #expect(error.kind == .connection && error.isUnavailable)
    #expect(error.message.contains("127.0.0.1:\(stopped.port)"), "\(error)")
    #expect(!error.description.contains("hunter2"))
  }

  @Test func aServerRestartIsSurvivedByThePool() throws {
    let cluster = try PostgresCluster()
    defer { cluster.destroy() }
    let pool = PostgresPool(.init(conninfo: try cluster.createDatabase(), size: 2))
    defer { pool.close() }
    #expect(try pool.withConnection { try $0.queryFirst("SELECT 1")?.int(0) } == 1)
    cluster.stop()
    let error = try #require(throws: PostgresError.self) {
      try pool.withConnection { try $0.query("SELECT 1") }
    }
    #expect(error.isUnavailable, "\(error)")
    try cluster.start()
    #expect(try pool.withConnection { try $0.queryFirst("SELECT 3")?.int(0) } == 3)
  }

  @Test func aConnectionTheServerEndedWhileIdleIsReplacedBeforeUse() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let pool = PostgresPool(.init(conninfo: url, size: 1))
    defer { pool.close() }
    let backend = try #require(
      try pool.withConnection { try $0.queryFirst("SELECT pg_backend_pid()")?.int(0) })
    // The server says goodbye (an error message) and then closes the socket: both arrive while
    // the connection is idle in the pool, and the next caller must not get it.
    let admin = try PostgresConnection(conninfo: url)
    #expect(try admin.queryFirst("SELECT pg_terminate_backend($1)", [backend])?.bool(0) == true)
    let gone = "SELECT count(*) FROM pg_stat_activity WHERE pid = $1"
    var polls = 0
    while try admin.queryFirst(gone, [backend])?.int(0) != 0, polls < 3_000 {
      usleep(10_000)
      polls += 1
    }
    let next = try pool.withConnection { try $0.queryFirst("SELECT pg_backend_pid()")?.int(0) }
    #expect(next != nil && next != backend)
  }

  @Test func notificationsArriveOnlyForCommittedTransactions() throws {
    let url = try PostgresCluster.shared().createDatabase()
    let listener = try PostgresConnection(conninfo: url)
    let sender = try PostgresConnection(conninfo: url)
    try listener.execute("LISTEN rocket_test")
    try sender.execute("BEGIN")
    try sender.query("SELECT pg_notify($1, $2)", ["rocket_test", "rolled back"])
    try sender.execute("ROLLBACK")
    try sender.query("SELECT pg_notify($1, $2)", ["rocket_test", "committed"])
    try listener.execute("SELECT 1")  // a round trip: anything sent before it has arrived
    #expect(try listener.receiveNotifications().map(\.payload) == ["committed"])
  }
}
