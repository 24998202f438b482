import CSQLite
import FoundationEssentials

/// A compiled SQL statement, finalized when released.
///
/// Most code never touches statements: ``Connection/run(_:_:)`` and ``Connection/query(_:_:_:)``
/// prepare, cache, bind, step and reset them. Use a statement directly to step a large result
/// without collecting it.
///
/// Thread safety: not `Sendable`; it belongs to its connection's thread of use.
public final class Statement {
  private let raw: OpaquePointer
  private let handle: ConnectionHandle
  /// The SQL text this statement was compiled from.
  public let sql: String
  /// Set while ``Connection`` iterates this cached statement, so nested use gets its own copy.
  var isInUse = false

  init(raw: OpaquePointer, handle: ConnectionHandle, sql: String) {
    self.raw = raw
    self.handle = handle
    self.sql = sql
  }

  deinit { sqlite3_finalize(raw) }

  /// The number of `?` parameters.
  public var parameterCount: Int { Int(sqlite3_bind_parameter_count(raw)) }

  /// Resets the statement and binds `arguments` to its parameters, in order.
  ///
  /// - Throws: ``SQLiteError`` (`SQLITE_RANGE`) when the count differs from ``parameterCount``.
  public func bind(_ arguments: [any SQLiteValueConvertible]) throws {
    reset()
    guard arguments.count == parameterCount else {
      throw SQLiteError(
        code: .range,
        message: "\(arguments.count) arguments for \(parameterCount) parameters", sql: sql)
    }
    for (offset, argument) in arguments.enumerated() {
      try bind(argument.sqliteValue, at: offset + 1)
    }
  }

  /// Binds one value to the parameter at `index` (1-based, as in SQLite).
  ///
  /// Text and blobs are copied by SQLite before this returns.
  /// - Throws: ``SQLiteError`` for a bad index or a value too large.
  public func bind(_ value: SQLiteValue, at index: Int) throws {
    let position = Int32(clamping: index)
    let code: Int32
    switch value {
    case .null:
      code = sqlite3_bind_null(raw, position)
    case .integer(let number):
      code = sqlite3_bind_int64(raw, position, number)
    case .real(let number):
      code = sqlite3_bind_double(raw, position, number)
    case .text(let text):
      var text = text
      code = text.withUTF8 { bytes in
        // An empty buffer may have no address; SQLite would bind that as NULL, so use "".
        guard let base = bytes.baseAddress else {
          return sqlite3_bind_text(raw, position, "", 0, csqlite_transient())
        }
        return base.withMemoryRebound(to: CChar.self, capacity: bytes.count) {
          sqlite3_bind_text64(
            raw, position, $0, sqlite3_uint64(bytes.count), csqlite_transient(), UInt8(SQLITE_UTF8))
        }
      }
    case .blob(let data):
      code = data.withUnsafeBytes { bytes in
        // A NULL pointer would bind NULL, not an empty blob.
        guard let base = bytes.baseAddress, bytes.count > 0 else {
          return sqlite3_bind_zeroblob(raw, position, 0)
        }
        return sqlite3_bind_blob64(raw, position, base, sqlite3_uint64(bytes.count), csqlite_transient())
      }
    }
    try handle.check(code, sql: sql)
  }

  /// Advances to the next row.
  ///
  /// - Returns: `true` when a row is available, `false` when the statement is done.
  /// - Throws: ``SQLiteError``, e.g. a constraint violation or `SQLITE_BUSY`.
  public func step() throws -> Bool {
    _ = try handle.open(sql: sql)
    switch sqlite3_step(raw) {
    case SQLITE_ROW: return true
    case SQLITE_DONE: return false
    case let code: throw handle.error(code, sql: sql)
    }
  }

  /// Rewinds the statement and clears its arguments, releasing any read snapshot it holds.
  public func reset() {
    // The return code repeats the last step's error, which step() already reported.
    sqlite3_reset(raw)
    sqlite3_clear_bindings(raw)
  }

  // MARK: - Columns of the current row

  /// The number of columns in a result row.
  public var columnCount: Int { Int(sqlite3_column_count(raw)) }

  /// The name of the column at `index` (0-based).
  public func columnName(_ index: Int) -> String {
    guard let name = sqlite3_column_name(raw, Int32(clamping: index)) else { return "" }
    return String(cString: name)
  }

  /// The value of the column at `index` (0-based) in the current row, in its storage class.
  public func value(at index: Int) -> SQLiteValue {
    let column = Int32(clamping: index)
    switch sqlite3_column_type(raw, column) {
    case SQLITE_INTEGER:
      return .integer(sqlite3_column_int64(raw, column))
    case SQLITE_FLOAT:
      return .real(sqlite3_column_double(raw, column))
    case SQLITE_TEXT:
      // Read the pointer before the length, as SQLite documents; text may hold NUL bytes.
      guard let text = sqlite3_column_text(raw, column) else { return .text("") }
      let count = Int(sqlite3_column_bytes(raw, column))
      return .text(String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self))
    case SQLITE_BLOB:
      guard let bytes = sqlite3_column_blob(raw, column) else { return .blob(Data()) }
      return .blob(Data(bytes: bytes, count: Int(sqlite3_column_bytes(raw, column))))
    default:
      return .null
    }
  }

  /// The column at `index` (0-based) read as `T`.
  ///
  /// - Throws: ``SQLiteError`` (`SQLITE_MISMATCH`) when the stored value does not fit `T`,
  ///   e.g. `NULL` read as `Int` (read `Int?` instead) or text read as `Int`.
  public func column<T: SQLiteValueConvertible>(_ index: Int, as type: T.Type = T.self) throws -> T {
    let value = value(at: index)
    guard let converted = T(sqliteValue: value) else {
      throw SQLiteError(
        code: .mismatch,
        message: "column \(index) (\(columnName(index))) holds \(value.storageClass), not \(T.self)",
        sql: sql)
    }
    return converted
  }
}

extension SQLiteValue {
  /// The SQL name of the storage class, for messages (never the value itself).
  var storageClass: String {
    switch self {
    case .null: "NULL"
    case .integer: "INTEGER"
    case .real: "REAL"
    case .text: "TEXT"
    case .blob: "BLOB"
    }
  }
}
