import SQL

extension DatabasePool: SQLDatabase {
  /// SQLite numbers `?` placeholders by position.
  public var placeholderStyle: SQLPlaceholderStyle { .questionMark }

  /// ``write(_:)``: a `BEGIN IMMEDIATE` transaction on the one writer connection.
  public func transaction<T>(_ body: (Connection) throws -> T) throws -> T {
    try write(body)
  }

  /// ``statistics``.
  public var poolStatistics: SQLPoolStatistics? { statistics }
}
