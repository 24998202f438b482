/// How a transaction body wants its transaction to end.
public enum TransactionCompletion: Sendable {
  /// Make the changes durable.
  case commit
  /// Discard the changes.
  case rollback
}

extension Connection {
  /// Runs `body` inside a `BEGIN IMMEDIATE` transaction, then commits or rolls back as it says.
  ///
  /// `IMMEDIATE` takes the write lock up front (waiting up to the busy timeout), so a
  /// transaction never fails half-way because another connection started writing first.
  /// If `body` throws, the transaction is rolled back and that first error is rethrown (an
  /// error from the rollback itself is not allowed to hide it). If `COMMIT` fails, the
  /// transaction is rolled back and the commit error is thrown.
  ///
  /// For example:
  ///
  ///     try db.inTransaction { db in
  ///       try db.run("INSERT INTO trips (user_id, launch_id) VALUES (?, ?)", [user, launch])
  ///       return .commit
  ///     }
  ///
  /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE`) if a transaction is already open (nesting is
  ///   not supported), `SQLITE_BUSY` when the lock cannot be had in time, or what `body` throws.
  public func inTransaction(_ body: (Connection) throws -> TransactionCompletion) throws {
    try withTransaction(begin: "BEGIN IMMEDIATE") { ((), try body(self)) }
  }

  /// Runs `body` inside a transaction that `begin` opens (`BEGIN DEFERRED` for reads that must
  /// not wait for another connection's write lock) and commits it, returning what `body` returns.
  /// If `body` or `COMMIT` throws, the transaction is rolled back and that first error rethrown.
  ///
  /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE`) if a transaction is already open, or what the
  ///   statements or `body` throw.
  public func transaction<T>(_ begin: String = "BEGIN IMMEDIATE", _ body: () throws -> T) throws -> T {
    try withTransaction(begin: begin) { (try body(), .commit) }
  }

  /// What both entry points do: `begin`, `body`, then the completion it asks for; a throw from
  /// `body` or from `COMMIT` rolls back and is rethrown.
  private func withTransaction<T>(begin: String, _ body: () throws -> (T, TransactionCompletion)) throws -> T
  {
    guard !isInTransaction else {
      throw SQLiteError(code: .misuse, message: "a transaction is already open on this connection")
    }
    try run(begin)
    let (result, completion): (T, TransactionCompletion)
    do {
      (result, completion) = try body()
      if case .commit = completion { try run("COMMIT") }
    } catch {
      rollbackKeepingFirstError()
      throw error
    }
    // SQLite may already have rolled back by itself after some errors (SQLITE_FULL, ...).
    if case .rollback = completion, isInTransaction { try run("ROLLBACK") }
    return result
  }

  /// Rolls back after a failure; its own error is dropped so the caller sees the first one.
  private func rollbackKeepingFirstError() {
    if isInTransaction { try? run("ROLLBACK") }
  }
}
