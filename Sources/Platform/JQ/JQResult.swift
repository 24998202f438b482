/// One value a jq filter produced.
public enum JQResult: Sendable, Equatable {
  /// A string, as its text (what `jq -r` prints).
  case string(String)
  /// Any other value, as compact JSON text (what `jq -c` prints).
  case json(String)
}
