import SQLite
import TestSupport
import Testing

@Suite struct DatabasePoolTests {
  private static let migrator = Migrator([
    Migration("create t", sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, writer INTEGER, n INTEGER)"),
    Migration("create counter", sql: "CREATE TABLE counter (n INTEGER); INSERT INTO counter VALUES (0)"),
  ])

  private func count(_ pool: DatabasePool) throws -> Int {
    try pool.read { try $0.queryFirst("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) } ?? -1 }
  }

  @Test func writeCommitsAndReadSeesIt() throws {
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    let id = try pool.write { db in
      try db.run("INSERT INTO t (writer, n) VALUES (?, ?)", [0, 1])
      return db.lastInsertRowID
    }
    #expect(id == 1)
    #expect(try count(pool) == 1)
  }

  @Test func aThrowingWriteLeavesNothingBehind() throws {
    struct Boom: Error {}
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    #expect(throws: Boom.self) {
      try pool.write { db in
        try db.run("INSERT INTO t (writer, n) VALUES (?, ?)", [0, 1])
        throw Boom()
      }
    }
    #expect(try count(pool) == 0)
  }

  @Test func readersCannotWrite() throws {
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    let error = try #require(throws: SQLiteError.self) {
      try pool.read { try $0.run("INSERT INTO t (writer, n) VALUES (1, 1)") }
    }
    #expect(error.isReadOnly)
  }

  @Test func aReadInsideAWriteSeesTheLastCommittedState() throws {
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    try pool.write { (db: Connection) throws in
      try db.run("INSERT INTO t (writer, n) VALUES (0, 0)")
      #expect(try count(pool) == 0)
    }
    #expect(try count(pool) == 1)
  }

  @Test func aReadSeesOneSnapshotEvenWhenAWriteCommitsMeanwhile() throws {
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    let (before, after) = try pool.read { (db: Connection) throws -> (Int, Int) in
      let before = try db.queryFirst("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) }
      try pool.write { try $0.run("INSERT INTO t (writer, n) VALUES (0, 0)") }
      let after = try db.queryFirst("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) }
      return (before ?? -1, after ?? -1)
    }
    #expect(before == 0)
    #expect(after == 0)
    #expect(try count(pool) == 1)
  }

  @Test func servesSwiftTasks() async throws {
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for task in 0..<16 {
        group.addTask {
          try pool.write { try $0.run("INSERT INTO t (writer, n) VALUES (?, 1)", [task]) }
          _ = try pool.read { try $0.query("SELECT n FROM t") { _ in 0 } }
        }
      }
      try await group.waitForAll()
    }
    #expect(try count(pool) == 16)
  }

  @Test func twoPoolsOnOneFileBothReadAndWrite() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("shared.sqlite")
    let repl = try DatabasePool(path: path, migrator: Self.migrator)
    let server = try DatabasePool(path: path, migrator: Self.migrator)
    try repl.write { try $0.run("INSERT INTO t (writer, n) VALUES (1, 1)") }
    #expect(try count(server) == 1)
    try server.write { try $0.run("INSERT INTO t (writer, n) VALUES (2, 1)") }
    #expect(try count(repl) == 2)
  }

  @Test func manyThreadsOnTwoPoolsWriteWithoutBusyErrorsOrLostWrites() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("busy.sqlite")
    let pools = [
      try DatabasePool(path: path, migrator: Self.migrator),
      try DatabasePool(path: path, migrator: Self.migrator),
    ]
    let threads = 8
    let writesPerThread = 40
    let errors = runOnThreads(threads) { thread in
      let pool = pools[thread % 2]
      for n in 0..<writesPerThread {
        try pool.write { db in
          // Read-modify-write: a lost update would show up as a wrong sum.
          let counter = try db.queryFirst("SELECT n FROM counter") { try $0.column(0, as: Int.self) }
          try db.run("UPDATE counter SET n = ?", [(counter ?? 0) + 1])
          try db.run("INSERT INTO t (writer, n) VALUES (?, ?)", [thread, 1])
        }
        if n % 10 == 0 { _ = try pool.read { try $0.query("SELECT * FROM t") { _ in 0 } } }
      }
    }
    #expect(errors.isEmpty, "\(errors)")
    #expect(try count(pools[0]) == threads * writesPerThread)
    let perWriter = try pools[1].read { db in
      try db.query("SELECT count(*) FROM t GROUP BY writer ORDER BY writer") {
        try $0.column(0, as: Int.self)
      }
    }
    #expect(perWriter == Array(repeating: writesPerThread, count: threads))
    let counter = try pools[1].read { db in
      try db.queryFirst("SELECT n FROM counter") { try $0.column(0, as: Int.self) }
    }
    #expect(counter == threads * writesPerThread)
  }

  @Test func aClosedPoolRefusesWork() throws {
    let dir = try TemporaryDirectory()
    let pool = try DatabasePool(path: dir.child("p.sqlite"), migrator: Self.migrator)
    _ = try count(pool)
    pool.close()
    let error = try #require(throws: SQLiteError.self) { _ = try count(pool) }
    #expect(error.code == .misuse)
    #expect(throws: SQLiteError.self) { try pool.write { _ in } }
  }
}
