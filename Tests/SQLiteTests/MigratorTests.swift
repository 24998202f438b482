import SQLite
import Synchronization
import TestSupport
import Testing

@Suite struct MigratorTests {
  /// Counts how often each migration body ran.
  final class Counter: Sendable {
    let runs = Mutex(0)
    func bump() { runs.withLock { $0 += 1 } }
    var value: Int { runs.withLock { $0 } }
  }

  private func migrator(_ counter: Counter) -> Migrator {
    Migrator([
      Migration("create t", sql: "CREATE TABLE t (x INTEGER)"),
      Migration("seed t") { db in
        counter.bump()
        try db.run("INSERT INTO t VALUES (?)", [1])
      },
    ])
  }

  @Test func migrationsRunOnceAndReopenIsANoOp() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("m.sqlite")
    let counter = Counter()
    do {
      let db = try Connection(path: path)
      #expect(try migrator(counter).migrate(db) == 2)
      #expect(try Migrator.version(of: db) == 2)
    }
    let db = try Connection(path: path)
    #expect(try migrator(counter).migrate(db) == 0)
    #expect(counter.value == 1)
    #expect(try db.queryFirst("SELECT count(*) FROM t") { try $0.column(0, as: Int.self) } == 1)
  }

  @Test func aNewMigrationIsAppliedOnTopOfOldOnes() throws {
    let dir = try TemporaryDirectory()
    let db = try Connection(path: dir.child("m.sqlite"))
    var migrator = migrator(Counter())
    try migrator.migrate(db)
    migrator.register(Migration("add y", sql: "ALTER TABLE t ADD COLUMN y TEXT"))
    #expect(try migrator.migrate(db) == 1)
    #expect(try Migrator.version(of: db) == 3)
    try db.run("UPDATE t SET y = ?", ["ok"])
  }

  @Test func aNewerDatabaseIsRefused() throws {
    let dir = try TemporaryDirectory()
    let path = dir.child("m.sqlite")
    let db = try Connection(path: path)
    try db.execute("PRAGMA user_version = 7")
    let error = try #require(throws: MigrationError.self) { try migrator(Counter()).migrate(db) }
    #expect(error == .databaseNewerThanProgram(path: path, found: 7, supported: 2))
    #expect(error.description.contains("newer"))
    #expect(try Migrator.version(of: db) == 7)
    // The pool refuses it too, before anyone can use it.
    #expect(throws: MigrationError.self) { _ = try DatabasePool(path: path, migrator: migrator(Counter())) }
  }

  @Test func aFailingMigrationLeavesTheVersionAndSchemaUnchanged() throws {
    let db = try Connection(path: ":memory:")
    let migrator = Migrator([
      Migration("create t", sql: "CREATE TABLE t (x)"),
      Migration("broken", sql: "CREATE TABLE u (y); INSERT INTO nowhere VALUES (1)"),
    ])
    let error = try #require(throws: MigrationError.self) { try migrator.migrate(db) }
    guard case .migrationFailed(let version, let name, _) = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(version == 2)
    #expect(name == "broken")
    #expect(try Migrator.version(of: db) == 1)
    let tables = try db.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
      try $0.column(0, as: String.self)
    }
    #expect(tables == ["t"])
  }
}
