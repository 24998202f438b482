/// How a database spells a statement's parameters.
public enum SQLPlaceholderStyle: Sendable, Equatable {
  /// `?` for each parameter, in order (SQLite).
  case questionMark
  /// `$1`, `$2`, ... (PostgreSQL).
  case dollarNumbered
}
