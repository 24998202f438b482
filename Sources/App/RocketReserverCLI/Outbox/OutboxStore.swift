import FoundationEssentials
import Glibc
import POSIXFiles
import SQLite

/// The outbox: bookings and cancellations made while the server could not be reached, kept in
/// order until they are sent, one part per endpoint and user, in one SQLite file (created 0600
/// in a 0700 folder, `$XDG_STATE_HOME/rocket-reserver/outbox.sqlite`).
///
/// Crash-safe by SQLite's journal: an entry is written whole or not at all, and stays until
/// ``remove(number:endpoint:user:)`` is called once its answer is known, so a sender killed
/// mid-request loses nothing (the resend carries the same `Idempotency-Key`, and the server
/// answers it without changing anything twice). Senders hold ``lockForSending()``.
///
/// Each call opens the file for its duration: the outbox is touched a few times per command.
/// A plain value, safe to share between threads and processes.
struct OutboxStore: Sendable {
  /// `PRAGMA application_id` of outbox files ("RROB"): anything else is not one.
  static let applicationID: Int64 = 0x5252_4F42
  static let schemaVersion: Int64 = 1

  /// The file, such as ``ApplicationDirectories/outboxFile``.
  let path: String

  /// Queues a change at the end of the part of `endpoint` and `user`.
  ///
  /// - Returns: the entry as stored, with its number.
  /// - Throws: ``OutboxError``; nothing is queued then.
  @discardableResult
  func append(
    _ action: OutboxEntry.Action, launchID: String, idempotencyKey: String, previousIsBooked: Bool?,
    endpoint: String, user: String, now: Int64
  ) throws(OutboxError) -> OutboxEntry {
    try withConnection(creating: true) { db in
      let previous: Int64? = previousIsBooked.map { $0 ? 1 : 0 }
      try db.run(
        """
        INSERT INTO entries (endpoint, user, action, launch_id, idempotency_key, queued_at, previous_is_booked)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """, [endpoint, user, action.rawValue, launchID, idempotencyKey, now, previous])
      let number = try db.queryFirst("SELECT last_insert_rowid()") { try $0.column(0, as: Int.self) } ?? 0
      return OutboxEntry(
        number: number, action: action, launchID: launchID, idempotencyKey: idempotencyKey, queuedAt: now,
        previousIsBooked: previousIsBooked)
    }
      ?? OutboxEntry(
        number: 0, action: action, launchID: launchID, idempotencyKey: idempotencyKey, queuedAt: now,
        previousIsBooked: previousIsBooked)
  }

  /// The entries of `endpoint` and `user`, oldest first (none when there is no file).
  ///
  /// - Throws: ``OutboxError``.
  func entries(endpoint: String, user: String) throws(OutboxError) -> [OutboxEntry] {
    try withConnection(creating: false, writing: false) { db in
      try db.query(
        """
        SELECT id, action, launch_id, idempotency_key, queued_at, previous_is_booked FROM entries
        WHERE endpoint = ? AND user = ? ORDER BY id
        """, [endpoint, user]
      ) { row in
        let action = try row.column(1, as: String.self)
        guard let known = OutboxEntry.Action(rawValue: action) else {
          throw OutboxError.damaged(path: path, reason: "an entry has the unknown action '\(action)'")
        }
        return OutboxEntry(
          number: try row.column(0, as: Int.self), action: known,
          launchID: try row.column(2, as: String.self),
          idempotencyKey: try row.column(3, as: String.self), queuedAt: try row.column(4, as: Int64.self),
          previousIsBooked: try row.column(5, as: Int64?.self).map { $0 != 0 })
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

  /// Removes entry `number` of `endpoint` and `user`: once its answer is known, or at the user's
  /// word (`outbox drop N`).
  ///
  /// - Returns: the entry removed, nil when there was none with that number.
  /// - Throws: ``OutboxError``.
  @discardableResult
  func remove(number: Int, endpoint: String, user: String) throws(OutboxError) -> OutboxEntry? {
    guard let entry = try entries(endpoint: endpoint, user: user).first(where: { $0.number == number }) else {
      return nil
    }
    try withConnection(creating: false) { db in
      try db.run("DELETE FROM entries WHERE id = ? AND endpoint = ? AND user = ?", [number, endpoint, user])
    }
    return entry
  }

  /// Takes the lock senders hold, waiting for another process that is sending.
  ///
  /// - Throws: ``OutboxError/failed(path:reason:)`` when the lock file cannot be made.
  func lockForSending() async throws(OutboxError) -> OutboxLock {
    try prepareDirectory()
    return try await OutboxLock.acquire(forOutboxAt: path)
  }

  // MARK: - The file

  private var directory: String { String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)]) }

  private func prepareDirectory() throws(OutboxError) {
    guard !directory.isEmpty else { return }
    do {
      try PrivateDirectory.ensure(directory)
    } catch {
      throw .failed(path: path, reason: "\(error)")
    }
  }

  /// Runs `body` on a connection to the file in one transaction (immediate when `creating`, the
  /// writers; deferred for readers, which then take no write lock); nil without running it when
  /// the file does not exist and `creating` is false.
  private func withConnection<T>(creating: Bool, writing: Bool = true, _ body: (Connection) throws -> T)
    throws(OutboxError) -> T?
  {
    if !creating && access(path, F_OK) != 0 { return nil }
    do {
      if creating { try createPrivateFile() }
      let connection = try Connection(path: path, busyTimeout: .seconds(10))
      defer { connection.close() }
      try prepareSchema(connection)
      return try connection.transaction(writing ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED") {
        try body(connection)
      }
    } catch let error as OutboxError {
      throw error
    } catch let error as SQLiteError {
      switch error.code {
      case .corrupt, .notADatabase: throw .damaged(path: path, reason: error.code.description)
      default: throw .failed(path: path, reason: error.code.description)
      }
    } catch {
      throw .failed(path: path, reason: "\(error)")
    }
  }

  private func createPrivateFile() throws {
    try prepareDirectory()
    let raw = open(path, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard raw >= 0 else {
      throw OutboxError.failed(path: path, reason: String(cString: strerror(errno)))
    }
    defer { close(raw) }
    var info = stat()
    if fstat(raw, &info) == 0, info.st_mode & 0o077 != 0 { _ = fchmod(raw, 0o600) }
  }

  /// Creates the table in a new file; refuses a file that is not an outbox of this schema.
  private func prepareSchema(_ connection: Connection) throws {
    func pragma(_ name: String) throws -> Int64 {
      try connection.queryFirst("PRAGMA \(name)") { try $0.column(0, as: Int64.self) } ?? 0
    }
    let known = try pragma("application_id") == Self.applicationID
    if try known && pragma("user_version") == Self.schemaVersion { return }
    try connection.transaction {
      let application = try pragma("application_id")
      let tables =
        try connection.queryFirst("SELECT count(*) FROM sqlite_master") { try $0.column(0, as: Int64.self) }
        ?? 0
      let version = try pragma("user_version")
      if application == Self.applicationID && version == Self.schemaVersion { return }
      guard application == 0 && tables == 0 else {
        throw OutboxError.damaged(
          path: path,
          reason: application == Self.applicationID
            ? "made by another version (schema \(version))" : "not a rocket-reserver outbox")
      }
      try connection.execute(
        """
        CREATE TABLE entries (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          endpoint TEXT NOT NULL,
          user TEXT NOT NULL,
          action TEXT NOT NULL,
          launch_id TEXT NOT NULL,
          idempotency_key TEXT NOT NULL,
          queued_at INTEGER NOT NULL,
          previous_is_booked INTEGER
        );
        CREATE INDEX entries_by_owner ON entries (endpoint, user, id);
        PRAGMA application_id = \(Self.applicationID);
        PRAGMA user_version = \(Self.schemaVersion);
        """)
    }
  }
}
