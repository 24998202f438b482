import CSQLite

/// One open SQLite database connection.
///
/// A connection is configured for safe shared use of one file by several connections and
/// processes: WAL journal, `synchronous=NORMAL` (durable at checkpoints, never corrupt),
/// `foreign_keys=ON`, a busy timeout, defensive mode and extended result codes.
///
/// Thread safety: a connection is **not** `Sendable`. Use it from one thread at a time; to
/// share a database between threads, hold a ``DatabasePool``.
///
/// For example:
///
///     let db = try Connection(path: path)
///     try db.execute("CREATE TABLE t (x INTEGER)")
///     try db.run("INSERT INTO t VALUES (?)", [42])
///     let xs = try db.query("SELECT x FROM t") { try $0.column(0, as: Int.self) }
public final class Connection {
  /// The owned `sqlite3*`, shared with this connection's statements.
  let handle: ConnectionHandle
  /// Prepared statements by SQL text, so hot queries are compiled once.
  private var statementCache: [String: Statement] = [:]
  /// The cache is cleared when it grows past this; our SQL is a fixed set of literals.
  private static let statementCacheLimit = 64

  /// The file this connection opened (`:memory:` for an in-memory database).
  public let path: String
  /// Whether the connection was opened read-only.
  public let isReadOnly: Bool

  /// Opens (and, unless `readOnly`, creates) the database at `path` and configures it.
  ///
  /// - Parameters:
  ///   - path: a file path, or `:memory:`.
  ///   - readOnly: open without write access; the file must exist (default `false`).
  ///   - busyTimeout: how long a statement waits for another connection's lock before it fails
  ///     with `SQLITE_BUSY` (default 5 seconds).
  /// - Throws: ``SQLiteError`` when the file cannot be opened, is not a database, or cannot be
  ///   switched to WAL.
  public init(path: String, readOnly: Bool = false, busyTimeout: Duration = .seconds(5)) throws {
    if let problem = csqlite_open_error() {
      throw SQLiteError(
        code: SQLiteResultCode(rawValue: SQLITE_CANTOPEN),
        message: "cannot open \(path): cannot load libsqlite3: \(String(cString: problem))")
    }
    var raw: OpaquePointer?
    let access = readOnly ? SQLITE_OPEN_READONLY : (SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE)
    // NOMUTEX: the pool guarantees one thread at a time, so SQLite's own mutex is redundant.
    let flags = access | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
    let code = sqlite3_open_v2(path, &raw, flags, nil)
    guard let raw else { throw SQLiteError(code: SQLiteResultCode(rawValue: code)) }
    let handle = ConnectionHandle(raw: raw)
    guard code == SQLITE_OK else {
      let error = handle.error(code, sql: nil)
      handle.close()
      throw SQLiteError(code: error.extendedCode, message: "cannot open \(path): \(error.message)")
    }
    self.handle = handle
    self.path = path
    self.isReadOnly = readOnly
    try configure(busyTimeout: busyTimeout)
  }

  deinit { close() }

  /// Finalizes cached statements and closes the connection. Later use throws `SQLITE_MISUSE`.
  /// Calling it again does nothing; `deinit` calls it too.
  public func close() {
    statementCache.removeAll()
    handle.close()
  }

  /// Sets the pragmas and options every connection of this program uses.
  private func configure(busyTimeout: Duration) throws {
    let db = try handle.open()
    try handle.check(sqlite3_extended_result_codes(db, 1), sql: nil)
    try handle.check(csqlite_enable_defensive(db), sql: nil)
    let milliseconds =
      busyTimeout.components.seconds * 1000
      + busyTimeout.components.attoseconds / 1_000_000_000_000_000
    try handle.check(sqlite3_busy_timeout(db, Int32(clamping: milliseconds)), sql: nil)
    try execute("PRAGMA foreign_keys = ON")
    guard !isReadOnly, path != ":memory:", !path.isEmpty else { return }
    // Switching to WAL needs a write lock; skip it when another connection already did.
    let mode = try query("PRAGMA journal_mode") { try $0.column(0, as: String.self) }.first
    if mode?.lowercased() != "wal" {
      let newMode = try query("PRAGMA journal_mode = WAL") { try $0.column(0, as: String.self) }
      guard newMode.first?.lowercased() == "wal" else {
        throw SQLiteError(code: .error, message: "cannot switch \(path) to WAL journal mode")
      }
    }
    try execute("PRAGMA synchronous = NORMAL")
  }

  // MARK: - Statements

  /// Compiles `sql` (exactly one statement) into a new, uncached ``Statement``.
  ///
  /// - Throws: ``SQLiteError`` on a syntax error or an unknown table or column.
  public func prepare(_ sql: String) throws -> Statement {
    let db = try handle.open(sql: sql)
    // The tail pointer points into the C string, so inspect it before the string is freed.
    let (code, raw, hasMore) = sql.withCString { text in
      var raw: OpaquePointer?
      var tail: UnsafePointer<CChar>?
      let code = sqlite3_prepare_v3(db, text, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &raw, &tail)
      let rest = tail.map { String(cString: $0) } ?? ""
      return (code, raw, !rest.allSatisfy { $0.isWhitespace || $0 == ";" })
    }
    try handle.check(code, sql: sql)
    guard let raw else { throw SQLiteError(code: .misuse, message: "no SQL statement", sql: sql) }
    let statement = Statement(raw: raw, handle: handle, sql: sql)
    if hasMore {
      throw SQLiteError(code: .misuse, message: "more than one statement; use execute(_:)", sql: sql)
    }
    return statement
  }

  /// The cached compiled statement for `sql`, reset and with no arguments bound.
  ///
  /// If that statement is already in use (a nested query with the same SQL), a fresh one is
  /// returned so the outer iteration is not disturbed.
  /// - Throws: ``SQLiteError`` when `sql` does not compile.
  public func cachedStatement(_ sql: String) throws -> Statement {
    if let cached = statementCache[sql] {
      if cached.isInUse { return try prepare(sql) }
      cached.reset()
      return cached
    }
    let statement = try prepare(sql)
    if statementCache.count >= Self.statementCacheLimit { statementCache.removeAll() }
    statementCache[sql] = statement
    return statement
  }

  /// Runs a script of zero or more `;`-separated statements without arguments (DDL, pragmas).
  /// Rows the statements return are discarded.
  ///
  /// - Throws: ``SQLiteError`` from the first statement that fails; earlier ones stay applied
  ///   unless the script runs inside ``inTransaction(_:)``.
  public func execute(_ sql: String) throws {
    let db = try handle.open(sql: sql)
    try sql.withCString { start in
      var cursor: UnsafePointer<CChar>? = start
      while let current = cursor, current.pointee != 0 {
        var raw: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        try handle.check(sqlite3_prepare_v2(db, current, -1, &raw, &tail), sql: sql)
        cursor = tail
        guard let raw else { continue }  // only whitespace or a comment was left
        defer { sqlite3_finalize(raw) }
        var code = sqlite3_step(raw)
        while code == SQLITE_ROW { code = sqlite3_step(raw) }
        if code != SQLITE_DONE {
          throw handle.error(code, sql: sqlite3_sql(raw).map { String(cString: $0) } ?? sql)
        }
      }
    }
  }

  /// Runs one statement with `arguments` bound to its `?` parameters, discarding any rows.
  ///
  /// - Parameters:
  ///   - sql: one SQL statement; it is prepared once and cached.
  ///   - arguments: one value per parameter, e.g. `[userID, email]` (default none).
  /// - Throws: ``SQLiteError``, e.g. a constraint violation.
  public func run(_ sql: String, _ arguments: [any SQLiteValueConvertible] = []) throws {
    try withBoundStatement(sql, arguments) { statement in
      while try statement.step() {}
    }
  }

  /// Runs a query and maps every row with `transform`.
  ///
  /// - Parameters:
  ///   - sql: one SQL statement; it is prepared once and cached.
  ///   - arguments: one value per parameter (default none).
  ///   - transform: reads one ``Row``; the row is only valid during the call.
  /// - Returns: the mapped rows in the order SQLite returned them.
  /// - Throws: ``SQLiteError``, or whatever `transform` throws.
  public func query<T>(
    _ sql: String, _ arguments: [any SQLiteValueConvertible] = [], _ transform: (Row) throws -> T
  ) throws -> [T] {
    try withBoundStatement(sql, arguments) { statement in
      var rows: [T] = []
      while try statement.step() {
        rows.append(try transform(Row(statement: statement)))
      }
      return rows
    }
  }

  /// Runs a query and maps its first row, or returns `nil` when there is none.
  ///
  /// - Throws: ``SQLiteError``, or whatever `transform` throws.
  public func queryFirst<T>(
    _ sql: String, _ arguments: [any SQLiteValueConvertible] = [], _ transform: (Row) throws -> T
  ) throws -> T? {
    try withBoundStatement(sql, arguments) { statement in
      guard try statement.step() else { return nil }
      return try transform(Row(statement: statement))
    }
  }

  /// Runs `body` with the cached statement for `sql`, `arguments` bound, and resets it afterwards,
  /// which releases the read snapshot it holds.
  private func withBoundStatement<R>(
    _ sql: String, _ arguments: [any SQLiteValueConvertible], _ body: (Statement) throws -> R
  ) throws -> R {
    let statement = try cachedStatement(sql)
    statement.isInUse = true
    defer {
      statement.reset()
      statement.isInUse = false
    }
    try statement.bind(arguments)
    return try body(statement)
  }

  // MARK: - State

  /// The rowid of the most recent successful `INSERT` on this connection (0 if none).
  public var lastInsertRowID: Int64 {
    guard let raw = handle.raw else { return 0 }
    return sqlite3_last_insert_rowid(raw)
  }

  /// Rows changed by the most recent `INSERT`, `UPDATE` or `DELETE` on this connection.
  public var changes: Int {
    guard let raw = handle.raw else { return 0 }
    return Int(sqlite3_changes64(raw))
  }

  /// Whether a transaction is open on this connection.
  public var isInTransaction: Bool {
    guard let raw = handle.raw else { return false }
    return sqlite3_get_autocommit(raw) == 0
  }
}
