/// The current row of a query, handed to the row closure of ``Connection/query(_:_:_:)``.
///
/// A row is a view of its statement: read it inside the closure, never keep it.
public struct Row {
  private let statement: Statement

  init(statement: Statement) { self.statement = statement }

  /// The number of columns.
  public var count: Int { statement.columnCount }

  /// The value of the column at `index` (0-based) in its storage class.
  public subscript(index: Int) -> SQLiteValue { statement.value(at: index) }

  /// The column at `index` (0-based) read as `T`.
  ///
  /// For example: `try row.column(0, as: Int.self)`, `try row.column(1, as: String?.self)`.
  /// - Throws: ``SQLiteError`` (`SQLITE_MISMATCH`) when the stored value does not fit `T`.
  public func column<T: SQLiteValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
    try statement.column(index, as: type)
  }
}
