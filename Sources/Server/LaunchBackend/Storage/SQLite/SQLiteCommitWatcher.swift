import SQLite

#if canImport(Glibc)
  import Glibc
#endif

/// Notices commits to one SQLite file from any connection, in this process or another, by
/// reading `PRAGMA data_version` four times a second while someone is subscribed. The pragma
/// reads a counter in the shared WAL index (no table, no disk I/O), so an idle watch costs
/// little; with no subscriber the watcher only sleeps. It reads it on the process's one
/// connection when the store has one (this process's own commits, which the pragma does not
/// count there, wake the feed by themselves), or on a connection of its own.
///
/// `@unchecked Sendable` invariant: only the feed's thread calls it (see ``CommitWatcher``),
/// so the connection is used by one thread at a time.
final class SQLiteCommitWatcher: CommitWatcher, @unchecked Sendable {
  /// How often the counter is read while someone is subscribed: well within the 1 s promise.
  static let interval: Duration = .milliseconds(250)

  private let path: String
  private let shared: SharedConnection?
  private var connection: Connection?
  private var lastVersion: Int?

  init(path: String, shared: SharedConnection? = nil) {
    self.path = path
    self.shared = shared
  }

  func waitForCommits(wake: Int32, timeout: Duration?, subscribed: Bool) -> Bool {
    var wait = subscribed ? Self.interval : timeout
    if let timeout, let current = wait, timeout < current { wait = timeout }
    var descriptor = pollfd(fd: wake, events: Int16(POLLIN), revents: 0)
    _ = poll(&descriptor, 1, wait?.pollMilliseconds ?? -1)
    guard subscribed else { return false }
    do {
      if let shared {
        let version = try shared.withConnection {
          try $0.queryFirst("PRAGMA data_version") { try $0.column(0, as: Int.self) }
        }
        defer { lastVersion = version }
        return lastVersion != nil && version != lastVersion
      }
      if connection == nil {
        let opened = try Connection(path: path)
        try opened.execute("PRAGMA query_only = ON")
        connection = opened
      }
      let version = try connection?.queryFirst("PRAGMA data_version") { try $0.column(0, as: Int.self) }
      defer { lastVersion = version }
      return lastVersion != nil && version != lastVersion
    } catch {
      connection = nil
      lastVersion = nil
      return true
    }
  }

  func close() {
    connection?.close()
    connection = nil
  }
}
