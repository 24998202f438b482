#if canImport(Glibc)
  import Glibc
#endif

/// Waits for SIGINT or SIGTERM through `ProcessSignals`, so the stop runs as ordinary code
/// (`serve`'s drain, where a second signal stops at once; `StopOnSignal`).
package final class StopSignals: Sendable {
  /// The signals as they arrive, kept until read.
  private let arrivals: AsyncStream<Int32>
  private static let signals = [SIGINT, SIGTERM]

  /// Starts listening (replacing any other receiver): SIGINT and SIGTERM arrive here, and at
  /// `onArrival`, instead of ending the process.
  package init(onArrival: @escaping @Sendable (Int32) -> Void = { _ in }) {
    let (arrivals, continuation) = AsyncStream.makeStream(of: Int32.self)
    self.arrivals = arrivals
    do {
      try ProcessSignals.receive(Self.signals) { number in
        guard Self.signals.contains(number) else { return }
        continuation.yield(number)
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
  package func wait() async -> Int32 {
    var iterator = arrivals.makeAsyncIterator()
    return await iterator.next() ?? SIGINT
  }

  /// Waits at most `timeout` for a second SIGINT or SIGTERM (after the one `wait` returned).
  /// - Returns: its number, or nil when none came in time.
  package func second(within timeout: Duration) async -> Int32? {
    let arrivals = arrivals
    return await withTaskGroup(of: Int32?.self) { group in
      group.addTask {
        var iterator = arrivals.makeAsyncIterator()
        return await iterator.next()
      }
      group.addTask {
        try? await Task.sleep(for: timeout)
        return nil
      }
      let first = await group.next() ?? nil
      group.cancelAll()
      return first
    }
  }
}
