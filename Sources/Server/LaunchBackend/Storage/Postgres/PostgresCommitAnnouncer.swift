import Dispatch
import POSIXThreads
import Postgres
import Synchronization

/// Announces commits to the event log with `NOTIFY` from a connection and a thread of its own,
/// after the commit, at most one `NOTIFY` every ``spacing``: the commits made meanwhile are
/// announced together by the next. An idle store's first commit is announced at once; under
/// load, subscribers elsewhere hear of commits up to ``spacing`` later, and the `NOTIFY`
/// transactions cost the database a hundred a second at most, not one per booking.
///
/// Why not `NOTIFY` inside the booking transaction: PostgreSQL makes every transaction that
/// notifies take one cluster-wide lock from just before its commit until after it (so that the
/// notification queue is in commit order), which queues every booking's commit behind the one
/// before, as the advisory lock once did (pgbench, the same transactions: 0.54-0.65 of the rate
/// without it). Here each `NOTIFY` is a transaction of its own with `synchronous_commit` off,
/// so it holds that lock for microseconds, and under load one covers many commits. A lost
/// announcement (the server went away) costs nothing: the watcher re-reads the log after it
/// reconnects.
final class PostgresCommitAnnouncer: CommitAnnouncer {
  /// The shortest time between two announcements.
  static let spacing: Duration = .milliseconds(10)

  private let pool: PostgresPool
  private let channel: String
  private let state = Mutex(State())
  private let signal = DispatchSemaphore(value: 0)
  private let sender: Sender

  private struct State {
    var pending = false
    var isClosed = false
  }

  init(pool: PostgresPool, channel: String) {
    self.pool = pool
    self.channel = channel
    sender = Sender()
    let started = POSIXThread.startDetached { [self] in run() }
    if !started { state.withLock { $0.isClosed = true } }
  }

  func announce() {
    let wake = state.withLock { state in
      defer { state.pending = true }
      return !state.pending && !state.isClosed
    }
    if wake { signal.signal() }
  }

  func close() {
    state.withLock { $0.isClosed = true }
    signal.signal()
  }

  // MARK: - The announcing thread

  private func run() {
    while true {
      signal.wait()
      let (pending, closed) = state.withLock { state in
        defer { state.pending = false }
        return (state.pending, state.isClosed)
      }
      if closed { break }
      if pending {
        sender.notify(pool: pool, channel: channel)
        sleepCurrentThread(for: Self.spacing)
      }
    }
    sender.close()
  }
}

/// The announcing thread's connection.
///
/// `@unchecked Sendable` invariant: only the announcing thread uses it.
private final class Sender: @unchecked Sendable {
  private var connection: PostgresConnection?

  /// Sends one `NOTIFY`, on a fresh connection once more if the kept one broke.
  func notify(pool: PostgresPool, channel: String) {
    for _ in 0..<2 {
      do {
        if connection == nil {
          let opened = try pool.makeConnection()
          try opened.execute("SET synchronous_commit = off")
          connection = opened
        }
        try connection?.query("SELECT pg_notify($1, '')", [channel])
        return
      } catch {
        connection?.close()
        connection = nil
      }
    }
  }

  func close() {
    connection?.close()
    connection = nil
  }
}
