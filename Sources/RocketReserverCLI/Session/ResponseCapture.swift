import GraphQL
import Synchronization

/// Keeps the raw JSON response of the request made while it is the task's current capture, so
/// `--json` can print the server's `data` exactly as it came, not as re-encoded Swift values.
///
/// Thread safety: the stored response is behind a `Mutex`.
final class ResponseCapture: Sendable {
  /// The capture of the running command, read by `CapturingTransport`.
  @TaskLocal static var current: ResponseCapture?

  private let response = Mutex<JSON?>(nil)

  /// The last response body captured, or nil.
  var lastResponse: JSON? { response.withLock { $0 } }

  /// Stores `json` as the last response body.
  func record(_ json: JSON) { response.withLock { $0 = json } }
}
