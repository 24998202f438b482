/// One connection's statements, as a store over SQL uses them: inside a transaction the
/// ``SQLDatabase`` opened, or on their own.
///
/// Implementation requirements: not `Sendable` (one thread at a time); values travel apart from
/// the SQL text (prepared statements), never spliced into it; errors are the database's own
/// Swift errors.
public protocol SQLConnection {
  /// Runs `statement` with `arguments` bound to its placeholders, in order, and returns its rows.
  ///
  /// - Throws: the database's error type.
  func query(_ statement: SQLStatement, _ arguments: [SQLValue]) throws -> [SQLRow]

  /// Runs `statement` with `arguments` and returns how many rows it inserted, updated or
  /// deleted (0 for an insert that did nothing `ON CONFLICT`).
  ///
  /// - Throws: the database's error type.
  @discardableResult
  func run(_ statement: SQLStatement, _ arguments: [SQLValue]) throws -> Int

  /// Runs `statement` when its count is not needed: a database may hold it back and send it
  /// with the connection's next statement or the commit, in one round trip, so its error may be
  /// thrown by that later call instead.
  ///
  /// - Throws: the database's error type.
  func runLater(_ statement: SQLStatement, _ arguments: [SQLValue]) throws
}

extension SQLConnection {
  /// ``run(_:_:)`` at once, for a database without round trips to save.
  public func runLater(_ statement: SQLStatement, _ arguments: [SQLValue]) throws {
    try run(statement, arguments)
  }
}
