/// An error reported by SQLite, or by this module when SQLite is misused.
///
/// It records the result codes, SQLite's message and the SQL text of the statement, but never
/// the values bound to it: those may be emails or token hashes and must not end up in logs.
/// The SQL text is for developers; do not show ``description`` to remote clients.
public struct SQLiteError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The extended result code, e.g. `SQLITE_CONSTRAINT_UNIQUE`.
  public let extendedCode: SQLiteResultCode
  /// SQLite's message, read from `sqlite3_errmsg` right after the failing call.
  public let message: String
  /// The SQL that failed, if a statement was involved (never its arguments).
  public let sql: String?

  /// The primary result code, e.g. `SQLITE_CONSTRAINT`.
  public var code: SQLiteResultCode { extendedCode.primary }

  /// Creates an error from codes and text.
  ///
  /// - Parameters:
  ///   - code: the (possibly extended) result code.
  ///   - message: what went wrong, in words; defaults to SQLite's text for `code`.
  ///   - sql: the statement involved, if any (default `nil`).
  public init(code: SQLiteResultCode, message: String? = nil, sql: String? = nil) {
    self.extendedCode = code
    self.message = message ?? code.description
    self.sql = sql
  }

  /// "SQLite error 19 (constraint failed): UNIQUE constraint failed: users.email, in `INSERT ...`".
  public var description: String {
    var text = "SQLite error \(extendedCode.rawValue) (\(code.description)): \(message)"
    if let sql { text += ", in `\(sql)`" }
    return text
  }

  /// True for any constraint failure (UNIQUE, PRIMARY KEY, NOT NULL, CHECK, FOREIGN KEY).
  public var isConstraintViolation: Bool { code == .constraint }

  /// True when a UNIQUE or PRIMARY KEY constraint failed.
  public var isUniqueViolation: Bool {
    extendedCode == .constraintUnique || extendedCode == .constraintPrimaryKey
  }

  /// True when a FOREIGN KEY constraint failed.
  public var isForeignKeyViolation: Bool { extendedCode == .constraintForeignKey }

  /// True when another connection held a lock past the busy timeout (`SQLITE_BUSY`/`SQLITE_LOCKED`).
  public var isBusy: Bool { code == .busy || code == .locked }

  /// True when a write was attempted on a read-only connection or file.
  public var isReadOnly: Bool { code == .readOnly }
}
