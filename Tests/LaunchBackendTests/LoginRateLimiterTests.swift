import Synchronization
import Testing

@testable import LaunchBackend

/// The per-address token bucket of `login`, on a clock the test moves (nothing here depends on
/// how busy the machine is).
@Suite struct LoginRateLimiterTests {
  /// A clock that moves only when the test says so.
  final class TestClock: Sendable {
    let start = ContinuousClock.now
    let elapsed = Mutex(Duration.zero)

    var now: ContinuousClock.Instant { start + elapsed.withLock { $0 } }
  }

  /// A limiter on a clock of the test's.
  static func limiter(perMinute: Int, maxAddresses: Int = 100) -> (LoginRateLimiter, TestClock) {
    let clock = TestClock()
    let limiter = LoginRateLimiter(
      limits: LoginLimits(loginsPerMinute: perMinute), maxAddresses: maxAddresses
    ) {
      clock.now
    }
    return (limiter, clock)
  }

  @Test func theBurstPassesThenTheRateWithRetryAfter() {
    let (limiter, clock) = Self.limiter(perMinute: 120)
    // A burst of 10 (a sixth of 120, at most 10), then one more every half second.
    for _ in 0..<10 { #expect(limiter.admit("10.0.0.1") == .admitted) }
    #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 1))
    clock.elapsed.withLock { $0 = .milliseconds(499) }
    #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 1))
    clock.elapsed.withLock { $0 = .milliseconds(501) }
    #expect(limiter.admit("10.0.0.1") == .admitted)
    #expect(limiter.admit("10.0.0.1") == .refused(retryAfterSeconds: 1))
    // Another address has its own bucket.
    #expect(limiter.admit("10.0.0.2") == .admitted)
    #expect(limiter.refusedCount == 3)
  }

  @Test func aSlowRateSaysHowLongToWait() {
    let (limiter, _) = Self.limiter(perMinute: 6)
    #expect(limiter.admit("a") == .admitted)
    #expect(limiter.admit("a") == .refused(retryAfterSeconds: 10))
  }

  @Test func zeroMeansNoLimit() {
    let (limiter, _) = Self.limiter(perMinute: 0)
    for _ in 0..<1000 { #expect(limiter.admit("a") == .admitted) }
    #expect(limiter.trackedAddresses == 0)
  }

  @Test func atMostMaxAddressesAreTracked() {
    let (limiter, clock) = Self.limiter(perMinute: 60, maxAddresses: 50)
    for address in 0..<500 { _ = limiter.admit("10.0.\(address / 256).\(address % 256)") }
    #expect(limiter.trackedAddresses <= 50)
    clock.elapsed.withLock { $0 = .seconds(60) }
    _ = limiter.admit("fresh")
    #expect(limiter.trackedAddresses <= 50)
  }
}
