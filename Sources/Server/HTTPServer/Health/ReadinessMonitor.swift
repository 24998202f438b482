import POSIXThreads
import Synchronization

/// A readiness check (a database round trip, say) run at most once per `freshFor`, off the
/// threads that answer probes: a load balancer probing every second from several addresses, or
/// several load balancers, cost the database one check per interval per process, and a probe
/// never waits for the check.
///
/// A probe gets the latest finished check's answer and, when that is older than `freshFor`,
/// starts the next check on a thread of its own (one at a time). A check that has not finished
/// after `patience` makes the answer `check_overdue`: a database that hangs without refusing
/// (a dropped network, a stuck server) turns the server unready instead of leaving the last
/// good answer standing. Until the first check finishes the server counts as ready: the program
/// builds the monitor once its backend is open.
///
/// Thread safety: `Sendable`; `current` may be called from any thread at once.
public final class ReadinessMonitor: Sendable {
  private struct State {
    var last: Unreadiness?
    var checkedAt: ContinuousClock.Instant?
    var checkingSince: ContinuousClock.Instant?
  }

  /// How long a finished check's answer is used before the next probe starts another.
  public let freshFor: Duration
  /// How long a check may run before the answer is `check_overdue`.
  public let patience: Duration
  private let check: @Sendable () -> Unreadiness?
  private let state = Mutex(State())

  /// - Parameters:
  ///   - freshFor: how long an answer is reused (default 1 s).
  ///   - patience: how long a check may take before the server counts as unready (default 6 s:
  ///     longer than the PostgreSQL pool's 5 s wait for a connection, so that an exhausted pool
  ///     is reported as such).
  ///   - check: runs the check, blocking, and returns nil when ready; called on a thread of the
  ///     monitor's, never two at once.
  public init(
    freshFor: Duration = .seconds(1), patience: Duration = .seconds(6),
    check: @escaping @Sendable () -> Unreadiness?
  ) {
    self.freshFor = freshFor
    self.patience = patience
    self.check = check
  }

  /// The latest answer (nil: ready), starting a check when it is not fresh.
  public func current(now: ContinuousClock.Instant = .now) -> Unreadiness? {
    let (answer, starts) = state.withLock { state -> (Unreadiness?, Bool) in
      if let since = state.checkingSince {
        guard now - since <= patience else {
          return (Self.overdue(since: since, now: now), false)
        }
        return (state.last, false)
      }
      if let checkedAt = state.checkedAt, now - checkedAt < freshFor { return (state.last, false) }
      state.checkingSince = now
      return (state.last, true)
    }
    if starts {
      let started = POSIXThread.startDetached { [self] in
        let result = check()
        state.withLock { state in
          state.last = result
          state.checkedAt = .now
          state.checkingSince = nil
        }
      }
      if !started { state.withLock { $0.checkingSince = nil } }
    }
    return answer
  }

  private static func overdue(since: ContinuousClock.Instant, now: ContinuousClock.Instant) -> Unreadiness {
    let seconds = (now - since).components.seconds
    return Unreadiness(
      reason: "check_overdue", message: "the readiness check has not finished for \(seconds) s")
  }
}
