/// Why the outbox file cannot be used. Every description names the file and what to do.
enum OutboxError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file is not an outbox (damaged, truncated, another program's): it is left as it is,
  /// since it may hold changes the user made.
  case damaged(path: String, reason: String)
  /// The file or its folder cannot be opened, read or written.
  case failed(path: String, reason: String)

  var description: String {
    switch self {
    case .damaged(let path, let reason):
      "the outbox \(path) cannot be read (\(reason)); move it aside to start a new one (the changes queued in it are then not sent)"
    case .failed(let path, let reason):
      "the outbox \(path) cannot be used: \(reason)"
    }
  }
}
