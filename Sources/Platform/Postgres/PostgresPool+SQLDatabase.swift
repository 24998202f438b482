import SQL

extension PostgresPool: SQLDatabase {
  /// PostgreSQL numbers its parameters `$1`, `$2`, ...
  public var placeholderStyle: SQLPlaceholderStyle { .dollarNumbered }

  /// ``withConnection(_:)``: each statement runs on its own and sees the latest commits.
  public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try withConnection(body)
  }

  /// ``withConnection(_:)``, run again (up to 5 times) when a statement lost a race
  /// (deadlock, serialization failure): each statement commits on its own, so one that failed
  /// changed nothing.
  public func autocommit<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    var attempt = 0
    while true {
      attempt += 1
      do {
        return try withConnection(body)
      } catch let error as PostgresError where error.isRetryable && attempt < 5 {
        continue
      }
    }
  }

  /// ``statistics``.
  public var poolStatistics: SQLPoolStatistics? { statistics }
}
