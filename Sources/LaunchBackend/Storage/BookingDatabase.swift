import Postgres

/// Which database holds the bookings: what `serve --data-dir` or `serve --database` chose.
public enum BookingDatabase: Sendable, Equatable {
  /// One SQLite file (the embedded default).
  case sqlite(path: String)
  /// A PostgreSQL server shared by several processes.
  ///
  /// - conninfo: a libpq connection string (URL or `key=value`; `PG*` variables fill the gaps).
  /// - poolSize: connections this process keeps at most.
  case postgres(conninfo: String, poolSize: Int)

  /// Opens (creating and migrating as needed) the store.
  ///
  /// - Throws: ``BookingStoreError`` (``BookingStoreError/cannotConnect(_:)`` when PostgreSQL
  ///   cannot be reached).
  public func open() throws -> any BookingStore {
    switch self {
    case .sqlite(let path):
      try SQLiteBookingStore(path: path)
    case .postgres(let conninfo, let poolSize):
      try PostgresBookingStore(PostgresPool.Configuration(conninfo: conninfo, size: poolSize))
    }
  }
}
