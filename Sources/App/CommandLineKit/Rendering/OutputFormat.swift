/// How results are printed (`--format`).
public enum OutputFormat: String, CaseIterable, Sendable {
  /// Aligned columns and labelled lines, for people.
  case table
  /// Exactly one JSON document per command: the answer's data, or `{"error": ...}`.
  case json
  /// Tab-separated values with a header row (tabs and newlines in cells become spaces).
  case tsv
  /// Comma-separated values with a header row, quoted as RFC 4180 says.
  case csv
  /// The first column (an id) per line, for `xargs`.
  case ids
}
