import Foundation
import SQLite

/// The ``BookingStore`` in one SQLite file: the embedded default.
///
/// Thread safety: `Sendable`; every method may be called from any thread at once. The store
/// is a thin layer over a ``DatabasePool``, so a REPL and a `serve` process can share the file.
/// All methods are synchronous and block for the duration of one short transaction.
///
/// Which launch ids exist is not the store's business but the catalog's: resolvers filter
/// ids before booking. Errors are ``BookingStoreError``s.
public final class SQLiteBookingStore: BookingStore {
  private let pool: DatabasePool
  /// Live events; commits from other processes are noticed through ``SQLiteCommitWatcher``.
  public let events: TripEventFeed

  /// Opens the database at `path`, creating its folder (mode 0700), the file (mode 0600) and
  /// the schema as needed. Reopening an up-to-date file changes nothing.
  ///
  /// - Parameter path: the database file, e.g. `$XDG_DATA_HOME/rocket-reserver/backend.sqlite`.
  /// - Throws: ``BookingStoreError/cannotCreateDirectory(path:reason:)``,
  ///   ``BookingStoreError/cannotOpen(path:underlying:)`` or
  ///   ``BookingStoreError/databaseTooNew(path:found:supported:)``.
  public init(path: String) throws {
    try Self.prepareFile(at: path)
    let pool: DatabasePool
    do {
      pool = try DatabasePool(path: path, migrator: SQLiteBookingSchema.migrator)
    } catch let error as SQLiteError {
      throw BookingStoreError.cannotOpen(path: path, underlying: error)
    } catch MigrationError.databaseNewerThanProgram(_, let found, let supported) {
      throw BookingStoreError.databaseTooNew(path: path, found: found, supported: supported)
    } catch MigrationError.migrationFailed(_, _, let underlying) {
      throw BookingStoreError.cannotOpen(path: path, underlying: underlying)
    }
    self.pool = pool
    events = TripEventFeed(
      watcher: SQLiteCommitWatcher(path: path),
      readEvents: { after, limit in
        try Self.mappingErrors { try Self.tripEvents(in: pool, after: after, limit: limit) }
      },
      lastEventID: { try Self.mappingErrors { try Self.lastTripEventID(in: pool) } })
  }

  /// Creates a missing folder (0700) and file (0600): the file holds who booked what.
  private static func prepareFile(at path: String) throws {
    let files = FileManager.default
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    if !files.fileExists(atPath: directory.path) {
      do {
        try files.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw BookingStoreError.cannotCreateDirectory(
          path: directory.path, reason: (error as NSError).localizedDescription)
      }
    }
    if !files.fileExists(atPath: path) {
      // SQLite would create it 0644; an empty file is a valid empty database.
      _ = files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
  }

  /// Closes the database. Later calls fail with ``BookingStoreError/storageFailed(_:)``.
  public func close() {
    events.close()
    pool.close()
  }

  // MARK: - Users and sessions

  /// Finds or creates the user with `email` and opens a new session for them.
  ///
  /// Each login makes a new token; earlier tokens of the same user stay valid.
  /// - Parameter email: a validated address; its normalized form identifies the user.
  /// - Returns: the user and the new token's text, the only time the text exists.
  /// - Throws: ``BookingStoreError/randomSourceFailed`` or ``BookingStoreError/storageFailed(_:)``.
  public func login(email: EmailAddress) throws -> (user: StoredUser, token: String) {
    let token = try SessionToken.generate()
    let now = Int(Date().timeIntervalSince1970)
    let user = try write { db in
      try db.run(
        "INSERT INTO users (email, email_key) VALUES (?, ?) ON CONFLICT (email_key) DO NOTHING",
        [email.normalized, email.key])
      let user = try db.queryFirst("SELECT id, email FROM users WHERE email_key = ?", [email.key]) {
        StoredUser(id: try $0.column(0, as: Int.self), email: try $0.column(1, as: String.self))
      }
      guard let user else { throw SQLiteError(code: .error, message: "user row missing after insert") }
      try db.run(
        "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)",
        [token.digest, user.id, now])
      return user
    }
    return (user, token.text)
  }

  /// The user a token belongs to.
  ///
  /// - Parameter token: the token text as the client sent it (without any `Bearer ` prefix).
  /// - Returns: the user, or `nil` for a malformed, forged or unknown token.
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func user(forToken token: String) throws -> StoredUser? {
    guard let token = SessionToken(text: token) else { return nil }
    return try read { db in
      try db.queryFirst(
        "SELECT users.id, users.email FROM sessions JOIN users ON users.id = sessions.user_id "
          + "WHERE sessions.token_hash = ?", [token.digest]
      ) { row in
        StoredUser(id: try row.column(0, as: Int.self), email: try row.column(1, as: String.self))
      }
    }
  }

  // MARK: - Error mapping

  /// Runs `body` in a read snapshot, mapping SQLite errors to ``BookingStoreError``.
  func read<T>(_ body: (Connection) throws -> T) throws -> T {
    try Self.mappingErrors { try pool.read(body) }
  }

  /// Runs `body` in a write transaction, mapping SQLite errors to ``BookingStoreError``.
  func write<T>(_ body: (Connection) throws -> T) throws -> T {
    try Self.mappingErrors { try pool.write(body) }
  }

  private static func mappingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as SQLiteError {
      throw BookingStoreError.storageFailed(error)
    }
  }
}
