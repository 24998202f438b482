/// How a ``TripEventFeed`` learns that some connection (in this process or another) may have
/// committed a change to the event log, without reading the log in a busy loop.
///
/// Implementation requirements: the feed calls both methods from its one thread only, so an
/// implementation may keep a connection of its own without locking.
protocol CommitWatcher: AnyObject, Sendable {
  /// Blocks until a commit may have happened, `wake` becomes readable, or `timeout` passes.
  ///
  /// - Parameters:
  ///   - wake: a descriptor that becomes readable when the feed wants attention (a new
  ///     subscriber, an in-process commit, closing).
  ///   - timeout: the longest to wait; nil to wait as long as needed.
  ///   - subscribed: whether anyone is listening; a watcher that has to look for changes by
  ///     itself only does so while someone is.
  /// - Returns: true when the log may hold new events (or some may have been missed).
  func waitForCommits(wake: Int32, timeout: Duration?, subscribed: Bool) -> Bool

  /// Releases what the watcher holds; called once, from the feed's thread, at the end.
  func close()
}

extension Duration {
  /// The duration in whole milliseconds, for `poll`.
  var pollMilliseconds: Int32 {
    Int32(clamping: components.seconds * 1000 + components.attoseconds / 1_000_000_000_000_000)
  }
}
