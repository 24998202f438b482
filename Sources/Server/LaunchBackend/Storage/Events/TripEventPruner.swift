import POSIXThreads
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// Prunes the event log in the background, on a thread of its own, every ``interval``: the
/// events a ``TripEventRetention`` no longer keeps. Every process sharing a database prunes;
/// pruning twice is harmless (the second finds nothing to delete), and a database that is away
/// is simply tried again at the next turn.
final class TripEventPruner: Sendable {
  /// How often the log is pruned: short enough that a count bound is kept closely (and that a
  /// test sees it), long enough to cost nothing (one indexed query or two per turn).
  static let interval = Duration.seconds(1)

  private let wakePipe = WakePipe()
  private let closed = Atomic<Bool>(false)
  private let done = Mutex<Bool>(false)

  /// Starts pruning `store` by `retention`; `report` receives unexpected errors (a database
  /// that is away is not one).
  init(
    store: any BookingStore, retention: TripEventRetention,
    report: @escaping @Sendable (any Error) -> Void
  ) {
    POSIXThread.startDetached { [self] in
      repeat {
        do {
          _ = try store.pruneTripEvents(retention)
        } catch BookingStoreError.unavailable {
        } catch {
          report(error)
        }
      } while waitForNextTurn()
      done.withLock { $0 = true }
    }
  }

  /// Sleeps until the next turn; false once closed.
  private func waitForNextTurn() -> Bool {
    var descriptor = pollfd(fd: wakePipe.descriptor, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, Self.interval.pollMilliseconds)
    return !closed.load(ordering: .acquiring)
  }

  /// Stops pruning; a turn under way finishes first (before the store closes).
  func close() {
    closed.store(true, ordering: .releasing)
    wakePipe.wake()
    while !done.withLock({ $0 }) { sleepCurrentThread(for: .milliseconds(2)) }
  }
}
