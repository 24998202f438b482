import SQL

extension Connection: SQLConnection {
  /// Runs `statement` with `arguments` bound to its `?` placeholders and returns its rows.
  ///
  /// - Throws: ``SQLiteError``.
  public func query(_ statement: SQLStatement, _ arguments: [SQLValue]) throws -> [SQLRow] {
    try query(statement.text, arguments.map(SQLiteValue.init)) { row in
      SQLRow((0..<row.count).map { SQLValue(row[$0]) })
    }
  }

  /// Runs `statement` with `arguments` and returns ``changes``.
  ///
  /// - Throws: ``SQLiteError``.
  @discardableResult
  public func run(_ statement: SQLStatement, _ arguments: [SQLValue]) throws -> Int {
    try run(statement.text, arguments.map(SQLiteValue.init))
    return changes
  }
}

extension SQLiteValue {
  /// The SQLite value of a store's argument.
  init(_ value: SQLValue) {
    switch value {
    case .null: self = .null
    case .integer(let value): self = .integer(Int64(value))
    case .real(let value): self = .real(value)
    case .text(let value): self = .text(value)
    case .blob(let value): self = .blob(value)
    }
  }
}

extension SQLValue {
  /// A column's value as a store reads it (an integer too large for `Int` cannot occur on the
  /// 64-bit platforms this runs on).
  init(_ value: SQLiteValue) {
    switch value {
    case .null: self = .null
    case .integer(let value): self = .integer(Int(truncatingIfNeeded: value))
    case .real(let value): self = .real(value)
    case .text(let value): self = .text(value)
    case .blob(let value): self = .blob(value)
    }
  }
}
