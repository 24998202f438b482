/// Tells a subscriber that reads slowly from one that reads nothing: bytes wait for it, and none
/// has been taken since the first look that found them waiting, for a whole timeout.
///
/// A value kept by the stream it watches (a WebSocket connection, a streamed response) and
/// asked periodically.
package struct StallWatch: Sendable {
  private var progressAtLastLook = 0
  private var since: ContinuousClock.Instant?

  package init() {}

  /// Whether the stream has been stalled for `timeout` by `now`.
  ///
  /// - Parameters:
  ///   - waiting: whether bytes wait for the client now.
  ///   - progress: the bytes the client has taken so far (any count that grows as it reads).
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
