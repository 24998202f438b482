import CommandLineKit

/// What `--include` shows of one answer: its HTTP status and header fields (names in lower
/// case, as the transport keeps them), or that it came without them.
struct ResponseHead: Sendable, Equatable {
  /// The HTTP status; nil for the embedded backend and for an answer from the cache.
  var status: Int?
  /// The header fields over HTTP; empty otherwise.
  var headers: [String: String]
  /// Whether the normalized cache answered instead of the server.
  var fromCache: Bool

  /// The head as `--include` prints it, curl -i's way: the status line, one line per field
  /// (sorted by name), then a blank line; a token or cookie reads `***`: the fields
  /// `TraceInterceptor.isSecret` names, `Set-Cookie`, and any field whose value holds one of
  /// `secrets` (the saved token). Nil when there is no HTTP head to show.
  func text(masking secrets: [String]) -> String? {
    guard let status, !fromCache else { return nil }
    var lines = ["HTTP \(status)"]
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
      let masked =
        TraceInterceptor.isSecret(name) || name == "set-cookie"
        || secrets.contains { !$0.isEmpty && value.contains($0) }
      lines.append("\(name): \(masked ? "***" : value)")
    }
    return TerminalText.safeLines(lines.joined(separator: "\n")) + "\n\n"
  }
}
