import Dispatch
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Waits for SIGINT or SIGTERM with Dispatch signal sources (not raw handlers), so the stop runs as
/// ordinary code: stop the server, close the database, exit 0.
///
/// `@unchecked Sendable`: `sources` is written once in `init` and only read again by `deinit`;
/// everything else is the `Sendable` `Arrival`.
final class StopSignals: @unchecked Sendable {
  /// The first signal that arrived, and who waits for it.
  private final class Arrival: Sendable {
    private struct State {
      var received: Int32?
      var waiter: CheckedContinuation<Int32, Never>?
    }
    private let state = Mutex(State())

    func wait() async -> Int32 {
      await withCheckedContinuation { continuation in
        let early: Int32? = state.withLock { state in
          if let received = state.received { return received }
          state.waiter = continuation
          return nil
        }
        if let early { continuation.resume(returning: early) }
      }
    }

    func arrived(_ number: Int32) {
      let waiter: CheckedContinuation<Int32, Never>? = state.withLock { state in
        guard state.received == nil else { return nil }
        state.received = number
        defer { state.waiter = nil }
        return state.waiter
      }
      waiter?.resume(returning: number)
    }
  }

  private let arrival = Arrival()
  private let sources: [any DispatchSourceSignal]

  /// Starts listening: SIGINT and SIGTERM are ignored by the kernel's default action so that only
  /// the sources see them. Call before the server starts.
  init() {
    let queue = DispatchQueue(label: "rocket-reserver.stop-signals")
    let arrival = self.arrival
    var sources: [any DispatchSourceSignal] = []
    for number in [SIGINT, SIGTERM] {
      signal(number, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
      source.setEventHandler { arrival.arrived(number) }
      source.resume()
      sources.append(source)
    }
    self.sources = sources
  }

  deinit {
    for source in sources { source.cancel() }
  }

  /// Returns once SIGINT or SIGTERM has arrived (at once if one already did).
  /// - Returns: the signal number.
  func wait() async -> Int32 { await arrival.wait() }
}
