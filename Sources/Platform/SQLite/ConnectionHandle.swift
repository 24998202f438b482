import CSQLite

/// Owns one `sqlite3*` and closes it exactly once.
///
/// Statements hold this handle (not the ``Connection``) so that a statement cached by its
/// connection does not keep the connection alive in a cycle. `sqlite3_close_v2` lets the
/// handle close while statements are still alive: SQLite finishes closing when the last one is
/// finalized, and ``raw`` is already `nil` so those statements refuse to run.
final class ConnectionHandle {
  /// The open database, or `nil` once closed.
  private(set) var raw: OpaquePointer?

  init(raw: OpaquePointer) { self.raw = raw }

  deinit { close() }

  /// Closes the database; later calls do nothing.
  func close() {
    if let raw {
      sqlite3_close_v2(raw)
      self.raw = nil
    }
  }

  /// The open pointer, or a misuse error once the connection is closed.
  func open(sql: String? = nil) throws(SQLiteError) -> OpaquePointer {
    guard let raw else {
      throw SQLiteError(code: .misuse, message: "the database connection is closed", sql: sql)
    }
    return raw
  }

  /// Builds the error for `code` while `sqlite3_errmsg` still describes the failed call.
  func error(_ code: Int32, sql: String?) -> SQLiteError {
    guard let raw else { return SQLiteError(code: SQLiteResultCode(rawValue: code), sql: sql) }
    let extended = sqlite3_extended_errcode(raw)
    // errmsg describes the most recent failure; if that was not this call, keep the code's text.
    let matches = extended & 0xFF == code & 0xFF
    return SQLiteError(
      code: SQLiteResultCode(rawValue: matches ? extended : code),
      message: matches ? sqlite3_errmsg(raw).map { String(cString: $0) } : nil,
      sql: sql)
  }

  /// Throws the error for `code` unless it is `SQLITE_OK`.
  func check(_ code: Int32, sql: String?) throws(SQLiteError) {
    if code != SQLITE_OK { throw error(code, sql: sql) }
  }
}
