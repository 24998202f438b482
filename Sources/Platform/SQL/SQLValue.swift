import FoundationEssentials

/// A value bound to a statement's placeholder or read from a result column, in the few kinds
/// both of our databases store.
public enum SQLValue: Sendable, Hashable {
  /// SQL `NULL`.
  case null
  /// A 64-bit integer (`INTEGER` in SQLite; `integer`, `bigint` in PostgreSQL).
  case integer(Int)
  /// A floating-point number.
  case real(Double)
  /// Text (`TEXT`, `text`).
  case text(String)
  /// Bytes (`BLOB`, `bytea`).
  case blob(Data)
}
