import Synchronization

/// Resumes a continuation exactly once, with whichever comes first: the work's result or the
/// caller's cancellation. Cancellation may even come before the continuation exists.
final class ResumeOnce<Value: Sendable>: Sendable {
  private enum State {
    case waiting
    case installed(CheckedContinuation<Value, any Error>)
    case finished
  }

  private let state = Mutex(State.waiting)

  /// Stores `continuation`; false (and resumed with `cancellation`) when cancellation came first,
  /// so the work must not be started.
  func install(_ continuation: CheckedContinuation<Value, any Error>, cancellation: any Error) -> Bool {
    let installed = state.withLock { state in
      guard case .waiting = state else { return false }
      state = .installed(continuation)
      return true
    }
    if !installed { continuation.resume(throwing: cancellation) }
    return installed
  }

  /// Resumes with `result` unless already resumed; before ``install(_:cancellation:)`` it only
  /// marks the slot finished, so a later install resumes with its cancellation error.
  func resume(with result: Result<Value, any Error>) {
    let continuation: CheckedContinuation<Value, any Error>? = state.withLock { state in
      switch state {
      case .finished:
        return nil
      case .waiting:
        state = .finished
        return nil
      case .installed(let continuation):
        state = .finished
        return continuation
      }
    }
    continuation?.resume(with: result)
  }
}
