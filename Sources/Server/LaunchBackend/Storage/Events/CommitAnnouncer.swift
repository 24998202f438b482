/// How a store tells other processes that it committed events, when their ``CommitWatcher``
/// needs telling (PostgreSQL's `LISTEN`); SQLite's watchers notice by themselves.
///
/// Implementation requirements: `announce()` is called from any thread after each commit that
/// logged an event and must not wait for the announcement to travel; announcements may be
/// merged, since a watcher only learns that the log may have grown.
protocol CommitAnnouncer: Sendable {
  /// Announces that events were committed.
  func announce()

  /// Stops announcing; called once, when the store closes.
  func close()
}
