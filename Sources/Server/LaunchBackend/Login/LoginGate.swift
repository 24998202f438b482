import FoundationEssentials
import Synchronization

/// What every `login` passes and every token lookup asks: the per-address rate
/// (``LoginRateLimiter``), the oldest session still accepted, and the pruning of expired sessions,
/// done at most once a minute (or once per maximum age, when that is shorter) by a login: logins
/// are what add sessions, so a server nobody logs in to has nothing new to prune.
///
/// Thread safety: `Sendable`; atomics and the limiter's lock.
final class LoginGate: Sendable {
  let limits: LoginLimits
  let limiter: LoginRateLimiter
  /// How often a login prunes, at most.
  let pruneInterval: Int
  /// When the last prune ran (Unix seconds; 0: never).
  private let lastPrune = Atomic<Int>(0)
  private let pruned = Atomic<Int>(0)
  private let admitted = Atomic<Int>(0)

  init(limits: LoginLimits) {
    self.limits = limits
    self.limiter = LoginRateLimiter(limits: limits)
    self.pruneInterval = min(60, limits.sessionMaxAgeSeconds)
  }

  /// The time now, in Unix seconds.
  static func unixNow() -> Int { Int(Date().timeIntervalSince1970) }

  /// The oldest login time (Unix seconds) a session may have and still be accepted.
  func oldestAcceptedLogin(now: Int = LoginGate.unixNow()) -> Int { now - limits.sessionMaxAgeSeconds }

  /// Whether a login from `client` may go ahead; a caller with no address (the in-process
  /// client) always may.
  func admit(client: String?) -> LoginRateLimiter.Decision {
    let decision = client.map { limiter.admit($0) } ?? .admitted
    if decision == .admitted { admitted.add(1, ordering: .relaxed) }
    return decision
  }

  /// Deletes the expired sessions if no prune ran within ``pruneInterval``.
  func pruneIfDue(_ store: any BookingStore, now: Int = LoginGate.unixNow()) throws {
    let last = lastPrune.load(ordering: .relaxed)
    guard now - last >= pruneInterval,
      lastPrune.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged
    else { return }
    pruned.add(try store.pruneSessions(createdBefore: oldestAcceptedLogin(now: now)), ordering: .relaxed)
  }

  /// How many logins went ahead, were refused by the rate, and sessions were pruned, so far.
  var statistics: LoginStatistics {
    LoginStatistics(
      admitted: admitted.load(ordering: .relaxed), refused: limiter.refusedCount,
      sessionsPruned: pruned.load(ordering: .relaxed), trackedAddresses: limiter.trackedAddresses)
  }
}

/// Counts of the login gate, for the metrics.
public struct LoginStatistics: Sendable, Equatable {
  /// Logins the rate let through.
  public var admitted: Int
  /// Logins refused by the per-address rate (answered 429 over HTTP).
  public var refused: Int
  /// Expired sessions deleted.
  public var sessionsPruned: Int
  /// Client addresses with a login bucket now.
  public var trackedAddresses: Int
}
