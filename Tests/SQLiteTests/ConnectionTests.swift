import Foundation
import SQLite
import TestSupport
import Testing

@Suite struct ConnectionTests {
  @Test func openCreatesAConfiguredDatabase() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("new.sqlite")
    let db = try Connection(path: path)
    #expect(FileManager.default.fileExists(atPath: path))
    #expect(try db.queryFirst("PRAGMA journal_mode") { try $0.column(0, as: String.self) } == "wal")
    #expect(try db.queryFirst("PRAGMA foreign_keys") { try $0.column(0, as: Int.self) } == 1)
    // synchronous=NORMAL is 1.
    #expect(try db.queryFirst("PRAGMA synchronous") { try $0.column(0, as: Int.self) } == 1)
    #expect(try db.queryFirst("PRAGMA busy_timeout") { try $0.column(0, as: Int.self) } == 5000)
  }

  @Test func bindsAndReadsEveryType() throws {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t (i, i64, s, d, b, flag, n, empty_s, empty_b)")
    let text = "Ünïcødé 🚀 日本語 with a \u{0} NUL"
    let blob = Data([0, 1, 2, 255, 0])
    let missing: String? = nil
    try db.run(
      "INSERT INTO t VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      [42, Int64.min, text, -2.5, blob, true, missing, "", Data()])
    let rows = try db.query("SELECT * FROM t") { (row: Row) throws -> Int in
      #expect(row.count == 9)
      #expect(try row.column(0, as: Int.self) == 42)
      #expect(try row.column(1, as: Int64.self) == Int64.min)
      #expect(try row.column(2, as: String.self) == text)
      #expect(try row.column(3, as: Double.self) == -2.5)
      #expect(try row.column(4, as: Data.self) == blob)
      #expect(try row.column(5, as: Bool.self) == true)
      #expect(try row.column(6, as: String?.self) == nil)
      #expect(row[6] == .null)
      #expect(try row.column(7, as: String.self) == "")
      #expect(row[7] == .text(""))
      #expect(row[8] == .blob(Data()))
      #expect(try row.column(0, as: Int?.self) == 42)
      return 1
    }
    #expect(rows.count == 1)
    // Stored byte for byte, the NUL and everything after it included.
    #expect(try db.queryFirst("SELECT s = ? FROM t", [text]) { try $0.column(0, as: Bool.self) } == true)
  }

  @Test func literalValuesBind() throws {
    let db = try Connection(path: ":memory:")
    let values: [SQLiteValue] = [nil, 7, 1.5, "x", false, .blob(Data([9]))]
    let types = try db.queryFirst(
      "SELECT typeof(?), typeof(?), typeof(?), typeof(?), typeof(?), typeof(?)", values
    ) { row in try (0..<6).map { try row.column($0, as: String.self) } }
    #expect(types == ["null", "integer", "real", "text", "integer", "blob"])
  }

  @Test func readingTheWrongTypeIsAMismatchError() throws {
    let db = try Connection(path: ":memory:")
    let error = try #require(throws: SQLiteError.self) {
      _ = try db.queryFirst("SELECT NULL AS missing_value") { try $0.column(0, as: Int.self) }
    }
    #expect(error.code == .mismatch, "\(error)")
    #expect(error.message.contains("missing_value"))
    #expect(throws: SQLiteError.self) {
      _ = try db.queryFirst("SELECT 'abc'") { try $0.column(0, as: Int.self) }
    }
  }

  @Test func constraintViolationIsReportedWithSQLButWithoutArguments() throws {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE users (id INTEGER PRIMARY KEY, email TEXT NOT NULL UNIQUE)")
    try db.run("INSERT INTO users (email) VALUES (?)", ["secret@example.com"])
    let error = try #require(throws: SQLiteError.self) {
      try db.run("INSERT INTO users (email) VALUES (?)", ["secret@example.com"])
    }
    #expect(error.isConstraintViolation)
    #expect(error.isUniqueViolation)
    #expect(!error.isBusy)
    #expect(error.extendedCode == .constraintUnique)
    #expect(error.message.contains("users.email"))
    #expect(error.sql == "INSERT INTO users (email) VALUES (?)")
    #expect(!error.description.contains("secret"))
    let matched: Bool
    switch error.extendedCode {
    case SQLiteResultCode.constraint: matched = true
    default: matched = false
    }
    #expect(matched)
    // The connection is still usable after the failed statement.
    #expect(try db.queryFirst("SELECT count(*) FROM users") { try $0.column(0, as: Int.self) } == 1)
  }

  @Test func foreignKeysAreEnforced() throws {
    let db = try Connection(path: ":memory:")
    try db.execute(
      """
      CREATE TABLE users (id INTEGER PRIMARY KEY);
      CREATE TABLE trips (user_id INTEGER NOT NULL REFERENCES users);
      """)
    let error = try #require(throws: SQLiteError.self) {
      try db.run("INSERT INTO trips VALUES (?)", [99])
    }
    #expect(error.isForeignKeyViolation)
  }

  @Test func badSQLAndWrongArgumentCountsAreErrors() throws {
    let db = try Connection(path: ":memory:")
    let syntax = try #require(throws: SQLiteError.self) { try db.run("SELEC 1") }
    #expect(syntax.code == .error)
    #expect(syntax.message.contains("syntax error"))
    let count = try #require(throws: SQLiteError.self) { try db.run("SELECT ?", [1, 2]) }
    #expect(count.code == .range)
    #expect(throws: SQLiteError.self) { _ = try db.prepare("SELECT 1; SELECT 2") }
  }

  @Test func cachedStatementsAreReusedAndNestedUseIsSafe() throws {
    let db = try Connection(path: ":memory:")
    let first = try db.cachedStatement("SELECT 1")
    let second = try db.cachedStatement("SELECT 1")
    #expect(first === second)
    try db.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1), (2), (3)")
    let sql = "SELECT x FROM t ORDER BY x"
    let pairs = try db.query(sql) { row in
      let outer = try row.column(0, as: Int.self)
      let inner = try db.query(sql) { try $0.column(0, as: Int.self) }
      return "\(outer):\(inner.count)"
    }
    #expect(pairs == ["1:3", "2:3", "3:3"])
  }

  @Test func lastInsertRowIDAndChanges() throws {
    let db = try Connection(path: ":memory:")
    try db.execute("CREATE TABLE t (id INTEGER PRIMARY KEY, x)")
    try db.run("INSERT INTO t (x) VALUES (?)", ["a"])
    try db.run("INSERT INTO t (x) VALUES (?)", ["b"])
    #expect(db.lastInsertRowID == 2)
    try db.run("UPDATE t SET x = 'c'")
    #expect(db.changes == 2)
  }

  @Test func readOnlyConnectionRefusesWrites() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("ro.sqlite")
    let writer = try Connection(path: path)
    try writer.execute("CREATE TABLE t (x); INSERT INTO t VALUES (1)")
    let reader = try Connection(path: path, readOnly: true)
    #expect(try reader.queryFirst("SELECT x FROM t") { try $0.column(0, as: Int.self) } == 1)
    let error = try #require(throws: SQLiteError.self) { try reader.run("INSERT INTO t VALUES (2)") }
    #expect(error.isReadOnly)
    #expect(throws: SQLiteError.self) { _ = try Connection(path: dir.child("absent"), readOnly: true) }
  }

  @Test func aClosedConnectionRefusesWork() throws {
    let db = try Connection(path: ":memory:")
    let statement = try db.prepare("SELECT 1")
    db.close()
    let error = try #require(throws: SQLiteError.self) { _ = try statement.step() }
    #expect(error.code == .misuse)
    #expect(throws: SQLiteError.self) { try db.execute("SELECT 1") }
  }

  @Test func openingAFileThatIsNotADatabaseFails() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("junk.sqlite")
    try Data(repeating: 0x41, count: 4096).write(to: URL(fileURLWithPath: path))
    let error = try #require(throws: SQLiteError.self) { _ = try Connection(path: path) }
    #expect(error.code == .notADatabase)
  }
}
