import GraphQL
import Synchronization

/// Keeps the raw JSON responses of the requests made while it is the task's current capture, so
/// `--json` can print the server's `data` exactly as it came, not as re-encoded Swift values.
///
/// Thread safety: the stored response is behind a `Mutex`.
final class ResponseCapture: Sendable {
  /// The capture of the running command, read by `CapturingTransport`.
  @TaskLocal static var current: ResponseCapture?

  private let responses = Mutex<[JSON]>([])

  /// The last response body captured, or nil.
  var lastResponse: JSON? { responses.withLock { $0.last } }

  /// Every response body captured, in order (the pages of `launches --all`).
  var allResponses: [JSON] { responses.withLock { $0 } }

  /// Stores `json` after the bodies captured before.
  func record(_ json: JSON) { responses.withLock { $0.append(json) } }
}
