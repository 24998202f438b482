/// The reference's timing method: 2000 warm-up calls, then 3 rounds of `seconds` each, calls in
/// batches of 100 with the clock read between batches; the best rate of the three wins.
enum Stopwatch {
  /// Runs `body` as the reference does.
  /// - Parameters:
  ///   - seconds: the length of one round (default 2, as in the reference).
  ///   - body: one call of the stage, returning something derived from its result (such as a byte
  ///     count) that is summed into `checksum`, so no call can be optimized away.
  /// - Returns: the best rate in calls per second, and the checksum.
  static func rate(seconds: Double = 2.0, _ body: () -> Int) -> (perSecond: Double, checksum: Int) {
    var checksum = 0
    for _ in 0..<2000 { checksum &+= body() }
    let clock = ContinuousClock()
    var best = 0.0
    for _ in 0..<3 {
      var calls = 0
      let start = clock.now
      while true {
        let elapsed = Self.seconds(of: clock.now - start)
        if elapsed >= seconds {
          best = max(best, Double(calls) / elapsed)
          break
        }
        for _ in 0..<100 { checksum &+= body() }
        calls += 100
      }
    }
    return (best, checksum)
  }

  private static func seconds(of duration: Duration) -> Double {
    let (whole, attoseconds) = duration.components
    return Double(whole) + Double(attoseconds) / 1e18
  }
}
