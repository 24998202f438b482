import Postgres

#if canImport(Glibc)
  import Glibc
#endif

/// Notices commits to the booking database from any `serve` process through PostgreSQL's
/// `LISTEN`/`NOTIFY`: each process announces its commits (``PostgresCommitAnnouncer``, after the
/// commit), on a dedicated connection that this watcher polls.
///
/// When that connection breaks (the server restarted), the watcher reconnects with backoff
/// (0.25 s doubling to 5 s) and then reports a possible miss, so the feed re-reads the log and
/// subscribers get what they missed in order.
///
/// Events held back behind the ``DeliveryHorizon`` are waiting for a transaction that may end
/// without a notification (a login, another database's work), so while a read has left some
/// behind, the watcher asks for another read every ``DeliveryHorizon/retryInterval``.
///
/// `@unchecked Sendable` invariant: only the feed's thread calls it (see ``CommitWatcher``),
/// so the connection is used by one thread at a time.
final class PostgresCommitWatcher: CommitWatcher, @unchecked Sendable {
  private let pool: PostgresPool
  private let channel: String
  private let horizon: DeliveryHorizon
  private var connection: PostgresConnection?
  private var backoff: Duration = .milliseconds(250)

  init(pool: PostgresPool, channel: String, horizon: DeliveryHorizon) {
    self.pool = pool
    self.channel = channel
    self.horizon = horizon
  }

  func waitForCommits(wake: Int32, timeout: Duration?, subscribed: Bool) -> Bool {
    guard let connection else { return reconnect(wake: wake) }
    var descriptors = [
      pollfd(fd: connection.socket, events: Int16(POLLIN), revents: 0),
      pollfd(fd: wake, events: Int16(POLLIN), revents: 0),
    ]
    let retry = horizon.isHoldingBack ? DeliveryHorizon.retryInterval : nil
    let wait = [timeout, retry].compactMap { $0 }.min()
    _ = poll(&descriptors, 2, wait?.pollMilliseconds ?? -1)
    guard descriptors[0].revents != 0 else { return horizon.takeHeldBack() }
    do {
      return try !connection.receiveNotifications().isEmpty
    } catch {
      connection.close()
      self.connection = nil
      return true
    }
  }

  /// Opens the `LISTEN` connection, or waits out the backoff when it cannot.
  ///
  /// - Returns: true when connected: events may have been committed while it was away.
  private func reconnect(wake: Int32) -> Bool {
    do {
      let opened = try pool.makeConnection()
      try opened.execute("LISTEN \(channel)")
      connection = opened
      backoff = .milliseconds(250)
      return true
    } catch {
      var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
      _ = poll(&descriptor, 1, backoff.pollMilliseconds)
      backoff = min(backoff * 2, .seconds(5))
      return false
    }
  }

  func close() {
    connection?.close()
    connection = nil
  }
}
