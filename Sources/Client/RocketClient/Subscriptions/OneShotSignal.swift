import Synchronization

/// A result that is set once, by whoever comes first (the protocol reader, a timeout, the
/// caller's cancellation), and awaited once; setting it before the wait begins is fine.
final class OneShotSignal<Value: Sendable>: Sendable {
  private struct State {
    var result: Result<Value, RocketClientError>?
    var waiter: CheckedContinuation<Result<Value, RocketClientError>, Never>?
  }

  private let state = Mutex(State())

  /// Sets the result unless one was set already; returns whether this call set it.
  @discardableResult
  func set(_ result: Result<Value, RocketClientError>) -> Bool {
    let (accepted, waiter) = state.withLock {
      state -> (Bool, CheckedContinuation<Result<Value, RocketClientError>, Never>?) in
      guard state.result == nil else { return (false, nil) }
      state.result = result
      defer { state.waiter = nil }
      return (true, state.waiter)
    }
    waiter?.resume(returning: result)
    return accepted
  }

  func wait() async -> Result<Value, RocketClientError> {
    await withCheckedContinuation { continuation in
      let early = state.withLock { state -> Result<Value, RocketClientError>? in
        if let result = state.result { return result }
        state.waiter = continuation
        return nil
      }
      if let early { continuation.resume(returning: early) }
    }
  }
}
