import CommandLineKit

/// What `--include` shows of one answer: its HTTP status and header fields, or that it has none.
struct ResponseHead: Sendable, Equatable {
  /// The HTTP status; nil for the embedded backend and for an answer from the cache.
  var status: Int?
  /// The header fields over HTTP; empty otherwise.
  var headers: [String: String]
  /// Whether the normalized cache answered instead of the server.
  var fromCache: Bool

  /// The head as curl -i prints it, fields sorted, with a secret field or one holding any of
  /// `secrets` as `***`; nil without an HTTP head.
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
