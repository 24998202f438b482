/// How an access log writes each entry.
public enum AccessLogFormat: String, Sendable, CaseIterable {
  /// One line of words: `AccessLogEntry.line`.
  case text
  /// One JSON object per line: `AccessLogEntry.jsonLine`.
  case json
}
