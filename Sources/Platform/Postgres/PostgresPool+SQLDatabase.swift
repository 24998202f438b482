import SQL

extension PostgresPool: SQLDatabase {
  /// PostgreSQL numbers its parameters `$1`, `$2`, ...
  public var placeholderStyle: SQLPlaceholderStyle { .dollarNumbered }

  /// ``withConnection(_:)``: each statement runs on its own and sees the latest commits.
  public func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try withConnection(body)
  }

  /// ``statistics``.
  public var poolStatistics: SQLPoolStatistics? { statistics }
}
