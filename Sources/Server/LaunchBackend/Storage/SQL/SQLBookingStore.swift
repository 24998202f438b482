import FoundationEssentials
import GraphQL
import GraphQLWire
import SQL

/// The ``BookingStore`` over SQL: users, sessions, trips and the event log written once, for any
/// ``SQLDatabase``. ``SQLiteBookingStore`` (one file, the embedded default) and
/// ``PostgresBookingStore`` (one server shared by many `serve` processes) are this store on their
/// database; what differs between them (migrations, how commits are noticed, whether event ids
/// need a delivery horizon) is given when the store opens.
///
/// Thread safety: `Sendable`; every method may be called from any thread at once and blocks for
/// the duration of one short transaction. Errors are ``BookingStoreError``s.
///
/// Correct across processes by construction: a trip is unique per user and launch (a constraint;
/// bookings insert with `ON CONFLICT DO NOTHING`, cancellations delete and count), and each
/// change runs in one transaction with its event.
public final class SQLBookingStore<Database: SQLDatabase>: BookingStore {
  let database: Database
  let statements: BookingStatements
  /// The SQL of the `Idempotency-Key` records.
  let idempotency: IdempotencyStatements
  let eventLog: TripEventLog<Database>
  /// A change and its event in one statement, where the database can (PostgreSQL); nil where
  /// a transaction of several statements costs no round trips (SQLite).
  let tripWrites: TripWriteStatements?
  /// Whether a commit here wakes this process's feed at once (SQLite's watcher only looks four
  /// times a second; PostgreSQL's `NOTIFY` arrives by itself).
  private let wakesFeedAfterWrites: Bool
  /// Tells other processes of the events committed here, when their watchers need telling.
  private let announcer: (any CommitAnnouncer)?
  /// Live events, in this process and from every other process using the same database.
  public let events: TripEventFeed
  /// Sessions found recently, so a token is not looked up on every request.
  let verifiedSessions = VerifiedSessions()

  /// A store on an open, migrated database.
  ///
  /// - Parameters:
  ///   - database: the connections.
  ///   - watcher: how the feed notices commits from other connections.
  ///   - horizon: where the event log stops being final, for a database with concurrent writers.
  ///   - wakesFeedAfterWrites: whether a commit here wakes the feed at once.
  ///   - announcer: what tells other processes of the events committed here, if anything must.
  ///   - tripWrites: bookings and cancellations as one statement each, where the database can.
  init(
    database: Database, watcher: any CommitWatcher, horizon: DeliveryHorizon?, wakesFeedAfterWrites: Bool,
    announcer: (any CommitAnnouncer)?, tripWrites: TripWriteStatements? = nil
  ) {
    let eventLog = TripEventLog(database: database, horizon: horizon)
    self.database = database
    self.statements = BookingStatements(database.placeholderStyle)
    self.idempotency = IdempotencyStatements(database.placeholderStyle)
    self.eventLog = eventLog
    self.wakesFeedAfterWrites = wakesFeedAfterWrites
    self.announcer = announcer
    self.tripWrites = tripWrites
    events = TripEventFeed(
      watcher: watcher,
      readEvents: { after, limit in
        try BookingStoreError.mapping { try eventLog.batch(after: after, limit: limit) }
      },
      lastEventID: { try BookingStoreError.mapping { try eventLog.lastID() } })
  }

  /// What the database's connections are doing.
  public var poolStatistics: SQLPoolStatistics? { database.poolStatistics }

  /// Closes the event feed and the database. Later calls fail.
  public func close() {
    events.close()
    announcer?.close()
    database.close()
  }

  // MARK: - Users and sessions

  /// Finds or creates the user with `email` and opens a new session for them.
  ///
  /// Each login makes a new token; earlier tokens of the same user stay valid.
  /// - Parameter email: a validated address; its ``EmailAddress/key`` identifies the user.
  /// - Returns: the user and the new token's text, the only time the text exists.
  /// - Throws: ``BookingStoreError``.
  public func login(email: EmailAddress) throws -> (user: StoredUser, token: String) {
    let token = try SessionToken.generate()
    let now = Int(Date().timeIntervalSince1970)
    let user = try write { db in
      try db.run(statements.insertUser, [.text(email.normalized), .text(email.key)])
      guard let row = try db.query(statements.userByEmailKey, [.text(email.key)]).first else {
        throw SQLRowError(column: 0, expected: "the user just inserted")
      }
      let user = StoredUser(id: try row.int(0), email: try row.string(1))
      // Sent with the commit (one round trip on PostgreSQL); its error is thrown from there.
      try db.runLater(statements.insertSession, [.blob(token.digest), .integer(user.id), .integer(now)])
      return user
    }
    // The client's next request carries this token: it need not be looked up.
    verifiedSessions.remember(user, digest: token.digest, createdAt: now)
    return (user, token.text)
  }

  /// The user a token belongs to, or nil for a malformed, forged or unknown token or a session
  /// opened before `createdSince`.
  ///
  /// A session found in the database is remembered for a minute (``VerifiedSessions``).
  /// - Parameters:
  ///   - token: the token text as the client sent it (without any `Bearer ` prefix).
  ///   - createdSince: the oldest login time (Unix seconds) still accepted.
  /// - Throws: ``BookingStoreError``.
  public func user(forToken token: String, createdSince: Int) throws -> StoredUser? {
    guard let token = SessionToken(text: token) else { return nil }
    let digest = token.digest
    if let session = verifiedSessions.session(digest: digest) {
      return session.createdAt >= createdSince ? session.user : nil
    }
    let session = try read { db in
      try db.query(statements.userByTokenDigest, [.blob(digest)]).first.map {
        VerifiedSessions.Session(
          user: StoredUser(id: try $0.int(0), email: try $0.string(1)), createdAt: try $0.int(2))
      }
    }
    guard let session else { return nil }
    verifiedSessions.remember(session.user, digest: digest, createdAt: session.createdAt)
    return session.createdAt >= createdSince ? session.user : nil
  }

  /// Deletes the sessions opened before `createdBefore` (Unix seconds).
  ///
  /// - Returns: how many were deleted.
  /// - Throws: ``BookingStoreError``.
  public func pruneSessions(createdBefore: Int) throws -> Int {
    try write { db in try db.run(statements.deleteSessionsBefore, [.integer(createdBefore)]) }
  }

  /// One `SELECT 1` on a reading connection (see ``BookingStore/ping()``).
  public func ping() throws {
    _ = try read { db in try db.query(statements.ping, []) }
  }

  // MARK: - Transactions

  /// Runs `body` on a connection that sees the latest commits, mapping errors.
  func read<T>(_ body: (Database.Connection) throws -> T) throws -> T {
    try BookingStoreError.mapping { try database.read(body) }
  }

  /// Runs `body` in one transaction, mapping errors; wakes the feed afterwards when this
  /// database needs it.
  func write<T>(_ body: (Database.Connection) throws -> T) throws -> T {
    defer { if wakesFeedAfterWrites { events.wake() } }
    return try BookingStoreError.mapping { try database.transaction(body) }
  }

  /// ``write(_:)`` for a `body` whose one changing statement is a transaction by itself
  /// (``SQLDatabase/autocommit(_:)``).
  func writeOneStatement<T>(_ body: (Database.Connection) throws -> T) throws -> T {
    defer { if wakesFeedAfterWrites { events.wake() } }
    return try BookingStoreError.mapping { try database.autocommit(body) }
  }

  /// On PostgreSQL, the `persisted_queries` table (``PostgresPersistedQueryStore``); SQLite
  /// keeps none (one file rarely has several servers).
  public func sharedPersistedQueryStore(maxEntries: Int, maxBytes: Int) -> (any PersistedQueryStore)? {
    guard let postgres = self as? PostgresBookingStore else { return nil }
    return PostgresPersistedQueryStore(store: postgres, maxEntries: maxEntries, maxBytes: maxBytes)
  }

  /// Announces to other processes that this process committed events.
  func announceCommittedEvents() { announcer?.announce() }
}
