import SQL

extension PostgresConnection: SQLConnection {
  /// Runs `statement` (placeholders `$1`, `$2`, ...) with `arguments` and returns its rows, every
  /// non-NULL column as the text PostgreSQL sent.
  ///
  /// - Throws: ``PostgresError``.
  public func query(_ statement: SQLStatement, _ arguments: [SQLValue]) throws -> [SQLRow] {
    try query(statement.text, arguments).map { row in
      SQLRow(row.values.map { $0.map(SQLValue.text) ?? .null })
    }
  }

  /// Runs `statement` with `arguments` and returns how many rows it changed.
  ///
  /// - Throws: ``PostgresError``.
  @discardableResult
  public func run(_ statement: SQLStatement, _ arguments: [SQLValue]) throws -> Int {
    try run(statement.text, arguments)
  }

  /// Queues `statement` to go with the next round trip (``runLater(_:_:)``).
  ///
  /// - Throws: ``PostgresError`` (`.closed`).
  public func runLater(_ statement: SQLStatement, _ arguments: [SQLValue]) throws {
    try runLater(statement.text, arguments)
  }
}

extension SQLValue: PostgresParameter {
  /// The value in PostgreSQL's text format.
  public var postgresText: String? {
    switch self {
    case .null: nil
    case .integer(let value): value.postgresText
    case .real(let value): String(value)
    case .text(let value): value
    case .blob(let value): value.postgresText
    }
  }
}
