import RocketClient

extension RocketClientError {
  /// Whether the request was interrupted (Ctrl-C), not refused or unanswered.
  var isCancellation: Bool {
    switch self {
    case .cancelled, .transport(.cancelled): true
    default: false
    }
  }
}
