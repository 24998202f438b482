import Postgres

/// The ``BookingStore`` on a PostgreSQL server (13 or later), shared by any number of `serve`
/// processes on any number of machines.
///
/// Each process holds a ``PostgresPool``; connections that break are replaced on later calls,
/// so the store recovers by itself when the server comes back. While it is away, calls throw
/// ``BookingStoreError/unavailable(_:)``.
///
/// Writers commit at the same time (no lock is held to the commit), so the event log is read
/// below a ``DeliveryHorizon``: an event's id is its transaction's id, and events are handed out
/// only once every transaction with a smaller id has ended (see `PostgresBookingSchema`).
/// A booking or cancellation without an `Idempotency-Key` is one statement, a transaction by
/// itself (``TripWriteStatements``): one round trip. Commits are announced with `NOTIFY` on ``notificationChannel`` after they happen, merged under
/// load (``PostgresCommitAnnouncer``).
public typealias PostgresBookingStore = SQLBookingStore<PostgresPool>

extension SQLBookingStore where Database == PostgresPool {
  /// The `LISTEN`/`NOTIFY` channel of the event log.
  public static var notificationChannel: String { "rocket_trips_booked" }

  /// Connects (checking the server can be reached now), migrates the schema as needed, and keeps
  /// the pool for later calls.
  ///
  /// - Parameter configuration: the connection string, pool size and timeouts.
  /// - Throws: ``BookingStoreError/cannotConnect(_:)`` naming host and port (never a password),
  ///   ``BookingStoreError/databaseTooNew(path:found:supported:)``, or
  ///   ``BookingStoreError/postgresFailed(_:)`` when a migration fails.
  public convenience init(_ configuration: PostgresPool.Configuration) throws {
    let pool = PostgresPool(configuration)
    do {
      let connection = try pool.makeConnection()
      defer { connection.close() }
      try PostgresBookingSchema.migrate(connection)
    } catch let error as PostgresError where error.kind == .connection {
      throw BookingStoreError.cannotConnect(error)
    } catch let error as PostgresError {
      throw BookingStoreError.postgresFailed(error)
    }
    let horizon = DeliveryHorizon(expression: "trip_events_horizon()")
    self.init(
      database: pool,
      watcher: PostgresCommitWatcher(pool: pool, channel: Self.notificationChannel, horizon: horizon),
      horizon: horizon, wakesFeedAfterWrites: false,
      announcer: PostgresCommitAnnouncer(pool: pool, channel: Self.notificationChannel),
      tripWrites: .postgreSQL)
  }
}
