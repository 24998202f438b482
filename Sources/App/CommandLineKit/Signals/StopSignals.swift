import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for SIGINT or SIGTERM through `ProcessSignals`, so the stop runs as ordinary code: for
/// `serve`, drain, stop the server, close the database, exit 0 (every signal counts: a second one
/// during the drain stops at once); for `watch` and subscriptions outside the shell, cancel the
/// work (`StopOnSignal`).
package final class StopSignals: Sendable {
  /// The signals that arrived, and who waits for which of them.
  private final class Arrival: Sendable {
    private struct Waiter {
      /// Which arrival (1: the first) it waits for.
      let ordinal: Int
      let continuation: CheckedContinuation<Int32?, Never>
    }

    private struct State {
      var received: [Int32] = []
      var waiters: [Int: Waiter] = [:]
      var nextID = 0
    }
    private let state = Mutex(State())

    /// The `ordinal`-th signal (1: the first), or nil when `timeout` passed before it arrived.
    func wait(for ordinal: Int, timeout: Duration?) async -> Int32? {
      await withCheckedContinuation { continuation in
        let outcome: (early: Int32?, id: Int?) = state.withLock { state in
          if state.received.count >= ordinal { return (state.received[ordinal - 1], nil) }
          let id = state.nextID
          state.nextID += 1
          state.waiters[id] = Waiter(ordinal: ordinal, continuation: continuation)
          return (nil, id)
        }
        if let early = outcome.early { return continuation.resume(returning: early) }
        if let timeout, let id = outcome.id {
          Task {
            try? await Task.sleep(for: timeout)
            self.expire(id)
          }
        }
      }
    }

    func arrived(_ number: Int32) {
      let ready: [(CheckedContinuation<Int32?, Never>, Int32)] = state.withLock { state in
        state.received.append(number)
        let count = state.received.count
        let due = state.waiters.filter { $0.value.ordinal <= count }
        for id in due.keys { state.waiters[id] = nil }
        return due.values.map { ($0.continuation, state.received[$0.ordinal - 1]) }
      }
      for (continuation, signal) in ready { continuation.resume(returning: signal) }
    }

    private func expire(_ id: Int) {
      let waiter = state.withLock { $0.waiters.removeValue(forKey: id) }
      waiter?.continuation.resume(returning: nil)
    }
  }

  private let arrival = Arrival()
  private static let signals = [SIGINT, SIGTERM]

  /// Starts listening: SIGINT and SIGTERM no longer end the process; they arrive here (and replace
  /// any other receiver, such as a one-shot command's erase-and-stop). Call before the work they
  /// stop starts.
  /// - Parameter onArrival: also called with each signal as it arrives (default: nothing).
  package init(onArrival: @escaping @Sendable (Int32) -> Void = { _ in }) {
    let arrival = self.arrival
    do {
      try ProcessSignals.receive(Self.signals) { number in
        guard Self.signals.contains(number) else { return }
        arrival.arrived(number)
        onArrival(number)
      }
    } catch {
      // Without a pipe the signals keep their default actions: they end the process as usual.
      writeWarning("\(error); a signal will stop at once")
    }
  }

  /// Stops listening and gives SIGINT and SIGTERM their default actions back.
  package func restoreDefaults() {
    ProcessSignals.stopReceiving(Self.signals)
  }

  /// Returns once SIGINT or SIGTERM has arrived (at once if one already did).
  /// - Returns: the signal number.
  package func wait() async -> Int32 { await arrival.wait(for: 1, timeout: nil) ?? SIGINT }

  /// Waits at most `timeout` for a second SIGINT or SIGTERM (after the one `wait` returned).
  /// - Returns: its number, or nil when none came in time.
  package func second(within timeout: Duration) async -> Int32? {
    await arrival.wait(for: 2, timeout: timeout)
  }
}
