import SQLite
import Testing

@Suite struct TransactionTests {
  struct Boom: Error, Equatable {}

  private func makeDatabase() throws -> Connection {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t (x INTEGER UNIQUE)")
    return db
  }

  private func count(_ db: Connection) throws -> Int {
    try db.queryFirst("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) } ?? -1
  }

  @Test func commitKeepsChanges() throws {
    let db = try makeDatabase()
    try db.inTransaction { db in
      try db.run("INSERT INTO t VALUES (1)")
      #expect(db.isInTransaction)
      return .commit
    }
    #expect(!db.isInTransaction)
    #expect(try count(db) == 1)
  }

  @Test func rollbackDiscardsChanges() throws {
    let db = try makeDatabase()
    try db.inTransaction { db in
      try db.run("INSERT INTO t VALUES (1)")
      return .rollback
    }
    #expect(try count(db) == 0)
  }

  @Test func aThrowRollsBackAndRethrowsTheFirstError() throws {
    let db = try makeDatabase()
    #expect(throws: Boom()) {
      try db.inTransaction { db in
        try db.run("INSERT INTO t VALUES (1)")
        try db.run("INSERT INTO t VALUES (2)")
        throw Boom()
      }
    }
    #expect(!db.isInTransaction)
    #expect(try count(db) == 0)
  }

  @Test func aFailedStatementRollsBackEarlierWrites() throws {
    let db = try makeDatabase()
    let error = try #require(throws: SQLiteError.self) {
      try db.inTransaction { db in
        try db.run("INSERT INTO t VALUES (1)")
        try db.run("INSERT INTO t VALUES (1)")  // violates UNIQUE
        return .commit
      }
    }
    #expect(error.isUniqueViolation)
    #expect(try count(db) == 0)
  }

  @Test func nestedTransactionsAreRefusedWithoutLosingTheOuterOne() throws {
    let db = try makeDatabase()
    try db.inTransaction { (db: Connection) throws -> TransactionCompletion in
      try db.run("INSERT INTO t VALUES (1)")
      let error = try #require(throws: SQLiteError.self) {
        try db.inTransaction { _ in .commit }
      }
      #expect(error.code == .misuse)
      #expect(db.isInTransaction)
      return .commit
    }
    #expect(try count(db) == 1)
  }
}
