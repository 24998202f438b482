import FoundationEssentials

/// A Swift type that can be bound to a statement parameter and read back from a column.
///
/// Implementation requirements: `init(sqliteValue:)` returns `nil` when the stored value cannot
/// represent `Self` exactly (wrong storage class, out of range); it must not guess.
public protocol SQLiteValueConvertible {
  /// The value to bind.
  var sqliteValue: SQLiteValue { get }
  /// Reads `Self` from a column value, or `nil` if the value does not fit.
  init?(sqliteValue: SQLiteValue)
}

extension SQLiteValue: SQLiteValueConvertible {
  /// The value itself.
  public var sqliteValue: SQLiteValue { self }
  /// Any value, NULL included.
  public init?(sqliteValue: SQLiteValue) { self = sqliteValue }
}

extension Int64: SQLiteValueConvertible {
  /// An `INTEGER`.
  public var sqliteValue: SQLiteValue { .integer(self) }
  /// Reads an `INTEGER`.
  public init?(sqliteValue: SQLiteValue) {
    guard case .integer(let value) = sqliteValue else { return nil }
    self = value
  }
}

extension Int: SQLiteValueConvertible {
  /// An `INTEGER`.
  public var sqliteValue: SQLiteValue { .integer(Int64(self)) }
  /// Reads an `INTEGER` that fits in `Int`.
  public init?(sqliteValue: SQLiteValue) {
    guard case .integer(let value) = sqliteValue, let exact = Int(exactly: value) else { return nil }
    self = exact
  }
}

extension Bool: SQLiteValueConvertible {
  /// The `INTEGER` 1 or 0.
  public var sqliteValue: SQLiteValue { .integer(self ? 1 : 0) }
  /// Reads an `INTEGER`: zero is false, anything else true (SQLite's own rule).
  public init?(sqliteValue: SQLiteValue) {
    guard case .integer(let value) = sqliteValue else { return nil }
    self = value != 0
  }
}

extension Double: SQLiteValueConvertible {
  /// A `REAL`.
  public var sqliteValue: SQLiteValue { .real(self) }
  /// Reads a `REAL`, or an `INTEGER` widened to a double (SQLite stores 2.0 as 2 in REAL columns).
  public init?(sqliteValue: SQLiteValue) {
    switch sqliteValue {
    case .real(let value): self = value
    case .integer(let value): self = Double(value)
    default: return nil
    }
  }
}

extension String: SQLiteValueConvertible {
  /// `TEXT`.
  public var sqliteValue: SQLiteValue { .text(self) }
  /// Reads `TEXT`.
  public init?(sqliteValue: SQLiteValue) {
    guard case .text(let value) = sqliteValue else { return nil }
    self = value
  }
}

extension Data: SQLiteValueConvertible {
  /// A `BLOB`.
  public var sqliteValue: SQLiteValue { .blob(self) }
  /// Reads a `BLOB`.
  public init?(sqliteValue: SQLiteValue) {
    guard case .blob(let value) = sqliteValue else { return nil }
    self = value
  }
}

extension Optional: SQLiteValueConvertible where Wrapped: SQLiteValueConvertible {
  /// `NULL` for `nil`, else the wrapped value.
  public var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
  /// `nil` for `NULL`; otherwise the wrapped type must accept the value.
  public init?(sqliteValue: SQLiteValue) {
    if case .null = sqliteValue {
      self = .none
    } else if let value = Wrapped(sqliteValue: sqliteValue) {
      self = .some(value)
    } else {
      return nil
    }
  }
}
