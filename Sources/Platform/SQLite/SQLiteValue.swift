import FoundationEssentials

/// One SQLite value: the five storage classes of
/// [Datatypes In SQLite](https://www.sqlite.org/datatype3.html).
///
/// Literals make argument lists short: `[1, "ada@example.com", nil, 2.5, true]`.
public enum SQLiteValue: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit signed integer (booleans are stored as 0 and 1).
  case integer(Int64)
  /// An IEEE 754 double.
  case real(Double)
  /// UTF-8 text.
  case text(String)
  /// Raw bytes.
  case blob(Data)
}

extension SQLiteValue: ExpressibleByNilLiteral {
  /// `nil` is SQL `NULL`.
  public init(nilLiteral: ()) { self = .null }
}

extension SQLiteValue: ExpressibleByIntegerLiteral {
  /// An integer literal is an `INTEGER`.
  public init(integerLiteral value: Int64) { self = .integer(value) }
}

extension SQLiteValue: ExpressibleByFloatLiteral {
  /// A float literal is a `REAL`.
  public init(floatLiteral value: Double) { self = .real(value) }
}

extension SQLiteValue: ExpressibleByStringLiteral {
  /// A string literal is `TEXT`.
  public init(stringLiteral value: String) { self = .text(value) }
}

extension SQLiteValue: ExpressibleByBooleanLiteral {
  /// A boolean literal is the `INTEGER` 0 or 1.
  public init(booleanLiteral value: Bool) { self = .integer(value ? 1 : 0) }
}
