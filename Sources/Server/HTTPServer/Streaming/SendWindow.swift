import Synchronization

/// How far producers (a WebSocket's operations, a streamed response's task) may run ahead of what
/// their client has read: while bytes posted and queued are `limit` or more, `reserve` waits, so a
/// slow client's subscriptions fall behind (and catch up from the event log) instead of the server
/// buffering for it.
package final class SendWindow: Sendable {
  private struct State {
    /// Bytes posted by tasks that the loop has not queued yet.
    var posted = 0
    /// Bytes in wslay's queue, as the loop last saw it.
    var queued = 0
    var closed = false
    var nextWaiter = 0
    var waiters: [Int: CheckedContinuation<Bool, Never>] = [:]
  }

  /// The bytes posted and queued beyond which reservations wait.
  package let limit: Int
  private let state = Mutex(State())

  package init(limit: Int) {
    self.limit = limit
  }

  /// Waits until there is room, then counts `bytes` as posted; false when the connection closed
  /// or the task was cancelled (post nothing then).
  package func reserve(_ bytes: Int) async -> Bool {
    while true {
      let room = state.withLock { state -> Bool? in
        if state.closed || Task.isCancelled { return nil }
        guard state.posted + state.queued < limit else { return false }
        state.posted += bytes
        return true
      }
      guard let room else { return false }
      if room { return true }
      let key = state.withLock { state -> Int in
        state.nextWaiter += 1
        return state.nextWaiter
      }
      let open = await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
          let resumeNow = state.withLock { state -> Bool? in
            if state.closed || Task.isCancelled { return false }
            if state.posted + state.queued < limit { return true }
            state.waiters[key] = continuation
            return nil
          }
          if let resumeNow { continuation.resume(returning: resumeNow) }
        }
      } onCancel: {
        state.withLock { $0.waiters.removeValue(forKey: key) }?.resume(returning: false)
      }
      guard open else { return false }
    }
  }

  /// The loop queued `bytes` that a task had posted (or dropped them).
  package func taken(_ bytes: Int) {
    resumeIfRoom { $0.posted = max(0, $0.posted - bytes) }
  }

  /// The loop wrote what it could: `queued` bytes are still in wslay's queue.
  package func update(queued: Int) {
    resumeIfRoom { $0.queued = queued }
  }

  /// The connection is over: every waiting task gets false.
  package func close() {
    let waiters = state.withLock { state in
      state.closed = true
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: false) }
  }

  private func resumeIfRoom(_ change: (inout State) -> Void) {
    let waiters = state.withLock { state -> [CheckedContinuation<Bool, Never>] in
      change(&state)
      guard state.posted + state.queued < limit, !state.waiters.isEmpty else { return [] }
      defer { state.waiters = [:] }
      return Array(state.waiters.values)
    }
    for waiter in waiters { waiter.resume(returning: true) }
  }
}
