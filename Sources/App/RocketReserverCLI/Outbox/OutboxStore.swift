import FoundationEssentials
import Glibc
import POSIXFiles
import SQLite

/// The outbox: bookings and cancellations made while the server could not be reached, kept in
/// order until they are sent, one part per endpoint and user, in one SQLite file (created 0600
/// in a 0700 folder, `$XDG_STATE_HOME/rocket-reserver/outbox.sqlite`).
///
/// Crash-safe by SQLite's journal: an entry stays until ``remove(_:)`` once its answer is known,
/// so a sender killed mid-request loses nothing (the resend carries the same `Idempotency-Key`).
///
/// Every store of one file in a process uses the process's one connection to it
/// (``SharedConnection``): a second descriptor of the file, closed, would drop the locks other
/// processes rely on to leave its `-wal` alone.
struct OutboxStore: Sendable {
  /// `PRAGMA application_id` of outbox files ("RROB"): anything else is not one.
  static let applicationID: Int64 = 0x5252_4F42
  /// 2 numbered each owner's entries from 1 (`number`).
  static let schemaVersion: Int64 = 2

  /// The file, such as ``ApplicationDirectories/outboxFile``.
  let path: String
  private let file: SharedConnection

  init(path: String) {
    self.path = path
    file = SharedConnection.forFile(path) { path in try OutboxSchema.open(path) }
  }

  /// Queues a change at the end of the part of `endpoint` and `user`, numbered one past its last
  /// entry (1 in an empty outbox), and returns it as stored.
  @discardableResult
  func append(
    _ action: OutboxEntry.Action, launchID: String, idempotencyKey: String, previousIsBooked: Bool?,
    endpoint: String, user: String, now: Int64
  ) throws(OutboxError) -> OutboxEntry {
    let stored = try withConnection(creating: true) { db in
      let previous: Int64? = previousIsBooked.map { $0 ? 1 : 0 }
      let number =
        try db.queryFirst(
          "SELECT coalesce(max(number), 0) + 1 FROM entries WHERE endpoint = ? AND user = ?",
          [endpoint, user]
        ) { try $0.column(0, as: Int.self) } ?? 1
      try db.run(
        """
        INSERT INTO entries (endpoint, user, number, action, launch_id, idempotency_key, queued_at,
          previous_is_booked)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?)
        """, [endpoint, user, number, action.rawValue, launchID, idempotencyKey, now, previous])
      return (number, Int(db.lastInsertRowID))
    }
    return OutboxEntry(
      number: stored?.0 ?? 0, storageID: stored?.1 ?? 0, action: action, launchID: launchID,
      idempotencyKey: idempotencyKey, queuedAt: now, previousIsBooked: previousIsBooked)
  }

  /// The entries of `endpoint` and `user`, oldest first (none when there is no file).
  func entries(endpoint: String, user: String) throws(OutboxError) -> [OutboxEntry] {
    try withConnection(creating: false, writing: false) { db in
      try db.query(
        """
        SELECT number, id, action, launch_id, idempotency_key, queued_at, previous_is_booked FROM entries
        WHERE endpoint = ? AND user = ? ORDER BY id
        """, [endpoint, user]
      ) { row in
        let action = try row.column(2, as: String.self)
        guard let known = OutboxEntry.Action(rawValue: action) else {
          throw OutboxError.damaged(path: path, reason: "an entry has the unknown action '\(action)'")
        }
        return OutboxEntry(
          number: try row.column(0, as: Int.self), storageID: try row.column(1, as: Int.self), action: known,
          launchID: try row.column(3, as: String.self),
          idempotencyKey: try row.column(4, as: String.self), queuedAt: try row.column(5, as: Int64.self),
          previousIsBooked: try row.column(6, as: Int64?.self).map { $0 != 0 })
      }
    } ?? []
  }

  /// How many entries `endpoint` and `user` have; 0 when there is no file or it cannot be read
  /// (for the prompt, which must not fail).
  func count(endpoint: String, user: String) -> Int {
    (try? withConnection(creating: false, writing: false) { db in
      try db.queryFirst("SELECT count(*) FROM entries WHERE endpoint = ? AND user = ?", [endpoint, user]) {
        try $0.column(0, as: Int.self)
      }
    }).flatMap { $0 }.flatMap { $0 } ?? 0
  }

  /// Removes entry `number` of `endpoint` and `user` (`outbox drop N`); nil when there was none.
  @discardableResult
  func remove(number: Int, endpoint: String, user: String) throws(OutboxError) -> OutboxEntry? {
    guard let entry = try entries(endpoint: endpoint, user: user).first(where: { $0.number == number }) else {
      return nil
    }
    try remove(entry)
    return entry
  }

  /// Removes `entry` (once its answer is known); nothing when it is gone already.
  func remove(_ entry: OutboxEntry) throws(OutboxError) {
    try withConnection(creating: false) { db in
      try db.run("DELETE FROM entries WHERE id = ?", [entry.storageID])
    }
  }

  /// Takes the lock senders hold, waiting for another process that is sending.
  func lockForSending() async throws(OutboxError) -> OutboxLock {
    try OutboxSchema.prepareDirectory(of: path)
    return try await OutboxLock.acquire(forOutboxAt: path)
  }

  // MARK: - The file

  /// Runs `body` on the process's connection to the file in one transaction (immediate when
  /// `writing`; deferred for readers, which then take no write lock); nil without running it
  /// when the file does not exist and `creating` is false.
  private func withConnection<T>(creating: Bool, writing: Bool = true, _ body: (Connection) throws -> T)
    throws(OutboxError) -> T?
  {
    var info = stat()
    if !creating && stat(path, &info) != 0 { return nil }
    do {
      return try file.withConnection { connection in
        try connection.transaction(writing ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED") { try body(connection) }
      }
    } catch let error as OutboxError {
      if case .damaged = error { file.close() }
      throw error
    } catch let error as SQLiteError {
      switch error.code {
      case .corrupt, .notADatabase:
        file.close()
        throw .damaged(path: path, reason: error.code.description)
      default: throw .failed(path: path, reason: error.code.description)
      }
    } catch {
      throw .failed(path: path, reason: "\(error)")
    }
  }
}
