import Synchronization

/// A token bucket per client address for `login`: each address may log in ``LoginLimits/burst``
/// times at once, then ``LoginLimits/loginsPerMinute`` times a minute.
///
/// Memory is bounded: at most ``maxAddresses`` buckets are kept; when that many are held, the
/// buckets that have refilled (which say nothing a new bucket would not) are dropped, then, if
/// still full, all of them (a flood from that many addresses then gets one burst more each).
///
/// Thread safety: `Sendable`; one lock around the buckets, held for a dictionary lookup.
final class LoginRateLimiter: Sendable {
  /// What ``admit(_:)`` decided.
  enum Decision: Equatable {
    case admitted
    /// Refused: one more login is allowed after this many whole seconds (at least 1).
    case refused(retryAfterSeconds: Int)
  }

  let limits: LoginLimits
  /// At most this many addresses are tracked at once.
  let maxAddresses: Int
  private let now: @Sendable () -> ContinuousClock.Instant
  private let buckets = Mutex<[String: Bucket]>([:])
  private let refusals = Atomic<Int>(0)

  private struct Bucket {
    var tokens: Double
    var updated: ContinuousClock.Instant
  }

  init(
    limits: LoginLimits, maxAddresses: Int = 100_000,
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
  ) {
    self.limits = limits
    self.maxAddresses = maxAddresses
    self.now = now
  }

  /// Logins refused so far.
  var refusedCount: Int { refusals.load(ordering: .relaxed) }

  /// Addresses tracked now.
  var trackedAddresses: Int { buckets.withLock { $0.count } }

  /// Takes a token from `address`'s bucket, or says how long until there is one.
  func admit(_ address: String) -> Decision {
    guard limits.loginsPerMinute > 0 else { return .admitted }
    let perSecond = Double(limits.loginsPerMinute) / 60
    let capacity = Double(limits.burst)
    let now = self.now()
    let decision = buckets.withLock { buckets -> Decision in
      var bucket = buckets[address] ?? Bucket(tokens: capacity, updated: now)
      bucket.tokens = min(capacity, bucket.tokens + perSecond * Self.seconds(now - bucket.updated))
      bucket.updated = now
      let decision: Decision
      if bucket.tokens >= 1 {
        bucket.tokens -= 1
        decision = .admitted
      } else {
        let wait = (1 - bucket.tokens) / perSecond
        decision = .refused(retryAfterSeconds: max(1, Int(wait.rounded(.up))))
      }
      if buckets[address] == nil, buckets.count >= maxAddresses {
        buckets = buckets.filter {
          $0.value.tokens + perSecond * Self.seconds(now - $0.value.updated) < capacity
        }
        if buckets.count >= maxAddresses { buckets.removeAll(keepingCapacity: true) }
      }
      buckets[address] = bucket
      return decision
    }
    if case .refused = decision { refusals.add(1, ordering: .relaxed) }
    return decision
  }

  private static func seconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) + Double(attoseconds) / 1e18
  }
}
