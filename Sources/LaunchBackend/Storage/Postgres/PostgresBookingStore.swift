import Foundation
import Postgres

/// The ``BookingStore`` on a PostgreSQL server, shared by any number of `serve` processes on
/// any number of machines.
///
/// Each process holds a ``PostgresPool``; connections that break are replaced on later calls,
/// so the store recovers by itself when the server comes back. While it is away, calls throw
/// ``BookingStoreError/unavailable(_:)``.
///
/// Correct across processes by construction: a trip is unique per user and launch (a
/// constraint; bookings insert with `ON CONFLICT DO NOTHING`, cancellations delete with
/// `RETURNING`), each change runs in one transaction with its event, and events take an
/// advisory transaction lock before their id, so ids increase in commit order. Each event is
/// announced with `NOTIFY` on ``notificationChannel``, delivered at commit and only then.
public final class PostgresBookingStore: BookingStore {
  /// The `LISTEN`/`NOTIFY` channel of the event log.
  public static let notificationChannel = "rocket_trips_booked"
  /// Serializes event appends from the id to the commit (any constant; the same everywhere).
  static let eventLockKey = 7_262_013_002

  private let pool: PostgresPool
  /// Live events from every process using the database, through `LISTEN`.
  public let events: TripEventFeed
  /// Where the database is, as `host:port`, for messages.
  public let endpoint: String

  /// Connects (checking the server can be reached now), migrates the schema as needed, and keeps
  /// the pool for later calls.
  ///
  /// - Parameter configuration: the connection string, pool size and timeouts.
  /// - Throws: ``BookingStoreError/cannotConnect(_:)`` naming host and port (never a password),
  ///   ``BookingStoreError/databaseTooNew(path:found:supported:)``, or
  ///   ``BookingStoreError/postgresFailed(_:)`` when a migration fails.
  public init(_ configuration: PostgresPool.Configuration) throws {
    let pool = PostgresPool(configuration)
    do {
      let connection = try pool.makeConnection()
      defer { connection.close() }
      endpoint = connection.endpoint
      try PostgresBookingSchema.migrate(connection)
    } catch let error as PostgresError where error.kind == .connection {
      throw BookingStoreError.cannotConnect(error)
    } catch let error as PostgresError {
      throw BookingStoreError.postgresFailed(error)
    }
    self.pool = pool
    events = TripEventFeed(
      watcher: PostgresCommitWatcher(pool: pool, channel: Self.notificationChannel),
      readEvents: { after, limit in
        try Self.mappingErrors {
          try pool.withConnection { try Self.tripEvents(in: $0, after: after, limit: limit) }
        }
      },
      lastEventID: { try Self.mappingErrors { try pool.withConnection(Self.lastTripEventID(in:)) } })
  }

  /// Closes the pool and the event feed. Later calls fail.
  public func close() {
    events.close()
    pool.close()
  }

  // MARK: - Users and sessions

  public func login(email: EmailAddress) throws -> (user: StoredUser, token: String) {
    let token = try SessionToken.generate()
    let now = Int(Date().timeIntervalSince1970)
    let key = email.key
    let user = try write { db in
      try db.run(
        "INSERT INTO users (email, email_key) VALUES ($1, $2) ON CONFLICT (email_key) DO NOTHING",
        [email.normalized, key])
      guard let row = try db.queryFirst("SELECT id, email FROM users WHERE email_key = $1", [key]) else {
        throw PostgresError(.protocolViolation, message: "user row missing after insert")
      }
      let user = StoredUser(id: try row.int(0), email: try row.string(1))
      try db.run(
        "INSERT INTO sessions (token_hash, user_id, created_at) VALUES ($1, $2, $3)",
        [token.digest, user.id, now])
      return user
    }
    return (user, token.text)
  }

  public func user(forToken token: String) throws -> StoredUser? {
    guard let token = SessionToken(text: token) else { return nil }
    return try read { db in
      try db.queryFirst(
        "SELECT users.id, users.email FROM sessions JOIN users ON users.id = sessions.user_id "
          + "WHERE sessions.token_hash = $1", [token.digest]
      ).map { StoredUser(id: try $0.int(0), email: try $0.string(1)) }
    }
  }

  // MARK: - Trips

  public func bookedLaunchIDs(userID: Int) throws -> [Int] {
    try read { db in
      try db.query("SELECT launch_id FROM trips WHERE user_id = $1 ORDER BY id", [userID]).map {
        try $0.int(0)
      }
    }
  }

  public func isBooked(userID: Int, launchID: Int) throws -> Bool {
    try read { db in
      try db.queryFirst(
        "SELECT EXISTS (SELECT 1 FROM trips WHERE user_id = $1 AND launch_id = $2)", [userID, launchID]
      )?.bool(0) ?? false
    }
  }

  @discardableResult
  public func book(userID: Int, launchIDs: [Int]) throws -> [Int] {
    do {
      return try write { db in
        var added: [Int] = []
        for launchID in launchIDs {
          let inserted = try db.query(
            "INSERT INTO trips (user_id, launch_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING launch_id",
            [userID, launchID])
          if !inserted.isEmpty { added.append(launchID) }
        }
        if !added.isEmpty { try Self.logEvent(delta: added.count, in: db) }
        return added
      }
    } catch BookingStoreError.postgresFailed(let error) where error.isForeignKeyViolation {
      throw BookingStoreError.unknownUser(id: userID)
    }
  }

  public func cancel(userID: Int, launchID: Int) throws -> Bool {
    try write { db in
      let deleted = try db.query(
        "DELETE FROM trips WHERE user_id = $1 AND launch_id = $2 RETURNING id", [userID, launchID])
      guard !deleted.isEmpty else { return false }
      try Self.logEvent(delta: -1, in: db)
      return true
    }
  }

  public func totalTripsBooked() throws -> Int {
    try read { db in try db.queryFirst("SELECT count(*) FROM trips")?.int(0) ?? 0 }
  }

  // MARK: - Event log

  public func tripEvents(after id: Int, limit: Int) throws -> [TripEvent] {
    try read { db in try Self.tripEvents(in: db, after: id, limit: limit) }
  }

  public func lastTripEventID() throws -> Int {
    try read(Self.lastTripEventID(in:))
  }

  private static func tripEvents(in db: PostgresConnection, after id: Int, limit: Int) throws -> [TripEvent] {
    try db.query("SELECT id, delta FROM trip_events WHERE id > $1 ORDER BY id LIMIT $2", [id, limit]).map {
      TripEvent(id: try $0.int(0), delta: try $0.int(1))
    }
  }

  private static func lastTripEventID(in db: PostgresConnection) throws -> Int {
    try db.queryFirst("SELECT coalesce(max(id), 0) FROM trip_events")?.int(0) ?? 0
  }

  /// Appends an event in the caller's transaction and announces it at commit. The advisory
  /// lock, held to the commit, makes ids increase in commit order, so a reader that has seen
  /// event n has seen every event before it.
  private static func logEvent(delta: Int, in db: PostgresConnection) throws {
    try db.query("SELECT pg_advisory_xact_lock($1)", [eventLockKey])
    guard
      let id = try db.queryFirst("INSERT INTO trip_events (delta) VALUES ($1) RETURNING id", [delta])?.int(0)
    else { throw PostgresError(.protocolViolation, message: "no id for the new event") }
    try db.query("SELECT pg_notify($1, $2)", [notificationChannel, String(id)])
  }

  // MARK: - Error mapping

  /// Runs `body` on a pooled connection (each statement sees the latest commits).
  private func read<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try Self.mappingErrors { try pool.withConnection(body) }
  }

  /// Runs `body` in a transaction (retried after a lost race), then wakes the event feed.
  private func write<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    try Self.mappingErrors { try pool.transaction(body) }
  }

  private static func mappingErrors<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as PostgresError where error.isUnavailable || error.isTimeout {
      throw BookingStoreError.unavailable(error)
    } catch let error as PostgresError {
      throw BookingStoreError.postgresFailed(error)
    }
  }
}
