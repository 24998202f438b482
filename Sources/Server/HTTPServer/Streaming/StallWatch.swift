/// Tells a subscriber that reads slowly from one that reads nothing: bytes have waited for it,
/// none taken, for a whole timeout. Kept by the stream it watches and asked periodically.
package struct StallWatch: Sendable {
  private var progressAtLastLook = 0
  private var since: ContinuousClock.Instant?

  package init() {}

  /// Whether the stream has been stalled for `timeout` by `now`, given whether bytes are `waiting`
  /// and the client's `progress` (any count that grows as it reads).
  package mutating func isStalled(
    waiting: Bool, progress: Int, now: ContinuousClock.Instant, timeout: Duration
  ) -> Bool {
    guard waiting, progress == progressAtLastLook else {
      progressAtLastLook = progress
      since = nil
      return false
    }
    guard let since else {
      self.since = now
      return false
    }
    return now - since >= timeout
  }
}
