import CSQLite

/// A SQLite result code, primary (`SQLITE_BUSY`) or extended (`SQLITE_CONSTRAINT_UNIQUE`).
///
/// Codes can be matched in a `switch` or `catch` with `~=`, which compares the primary
/// code, so `case SQLiteResultCode.constraint` also matches every extended constraint code.
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
  /// The numeric code as SQLite returns it.
  public let rawValue: Int32

  /// Wraps a numeric SQLite result code.
  public init(rawValue: Int32) { self.rawValue = rawValue }

  /// The primary code (the low byte): `SQLITE_CONSTRAINT` for `SQLITE_CONSTRAINT_UNIQUE`.
  public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

  /// SQLite's own English text for the code, e.g. "database is locked"; it never holds SQL or data.
  public var description: String {
    sqlite3_errstr(rawValue).map { String(cString: $0) } ?? "result code \(rawValue)"
  }

  /// Matches when `value` has the same primary code as `pattern`.
  public static func ~= (pattern: SQLiteResultCode, value: SQLiteResultCode) -> Bool {
    pattern.primary == value.primary
  }

  /// Matches an error that is a ``SQLiteError`` whose code has the primary code `pattern`.
  public static func ~= (pattern: SQLiteResultCode, error: any Error) -> Bool {
    guard let error = error as? SQLiteError else { return false }
    return pattern ~= error.extendedCode
  }

  // MARK: - Codes this package cares about

  /// Extended codes are function-like macros Swift cannot import; sqlite3.h defines
  /// `SQLITE_CONSTRAINT_UNIQUE` as `SQLITE_CONSTRAINT | (8<<8)`, and so on.
  private static func extendedConstraint(_ detail: Int32) -> SQLiteResultCode {
    SQLiteResultCode(rawValue: SQLITE_CONSTRAINT | (detail << 8))
  }

  /// `SQLITE_OK`.
  public static let ok = SQLiteResultCode(rawValue: SQLITE_OK)
  /// `SQLITE_ERROR`: a generic error, e.g. bad SQL.
  public static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
  /// `SQLITE_BUSY`: another connection holds a lock longer than the busy timeout.
  public static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
  /// `SQLITE_LOCKED`: a conflict inside the same connection or shared cache.
  public static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
  /// `SQLITE_READONLY`: a write on a read-only connection or file.
  public static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
  /// `SQLITE_CANTOPEN`: the file cannot be opened.
  public static let cantOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
  /// `SQLITE_CONSTRAINT`: a UNIQUE, NOT NULL, CHECK or FOREIGN KEY constraint failed.
  public static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
  /// `SQLITE_CONSTRAINT_UNIQUE`.
  public static let constraintUnique = extendedConstraint(8)
  /// `SQLITE_CONSTRAINT_PRIMARYKEY`.
  public static let constraintPrimaryKey = extendedConstraint(6)
  /// `SQLITE_CONSTRAINT_FOREIGNKEY`.
  public static let constraintForeignKey = extendedConstraint(3)
  /// `SQLITE_CONSTRAINT_NOTNULL`.
  public static let constraintNotNull = extendedConstraint(5)
  /// `SQLITE_MISMATCH`: a value of the wrong type (also used for typed column reads here).
  public static let mismatch = SQLiteResultCode(rawValue: SQLITE_MISMATCH)
  /// `SQLITE_MISUSE`: the API was used wrongly (e.g. a closed connection, a nested transaction).
  public static let misuse = SQLiteResultCode(rawValue: SQLITE_MISUSE)
  /// `SQLITE_RANGE`: a parameter index out of range.
  public static let range = SQLiteResultCode(rawValue: SQLITE_RANGE)
  /// `SQLITE_CORRUPT`: the file is damaged.
  public static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
  /// `SQLITE_NOTADB`: the file is not a SQLite database.
  public static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)
  /// `SQLITE_FULL`: the disk is full.
  public static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
}
