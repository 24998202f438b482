import POSIXThreads
import Synchronization

/// A readiness check (a database round trip) run at most once per `freshFor`, on a thread of its
/// own, so however many probes come the database sees one check per interval and no probe waits.
/// A probe gets the latest answer; a check still running after `patience` makes it
/// `check_overdue`, so a hung database turns the server unready. Ready until the first check ends.
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
  ///   - patience: default 6 s, past the PostgreSQL pool's 5 s wait, so an exhausted pool is
  ///     reported as such.
  ///   - check: runs the check, blocking; nil when ready. Never two at once.
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
