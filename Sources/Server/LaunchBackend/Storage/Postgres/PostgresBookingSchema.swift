import Postgres

/// The PostgreSQL booking database's schema history and the migrator that applies it.
///
/// The version lives in `schema_migrations` (one row per applied migration). Migrating holds a
/// session-level advisory lock, so when several `serve` processes start at once one migrates
/// and the others wait, then find nothing left to do. A database whose version is past every
/// migration here was written by a newer program and is refused.
///
/// Migrations are append-only: never edit or reorder one that has shipped.
enum PostgresBookingSchema {
  /// The migrations, oldest first; migration `i` produces version `i + 1`.
  static let migrations: [(name: String, sql: String)] = [
    (
      "create users, sessions, trips and the tripsBooked event log",
      """
      CREATE TABLE users (
        id bigserial PRIMARY KEY,
        email text NOT NULL,
        -- The whole address lowercased (in Swift, so both stores agree): one user per spelling.
        email_key text NOT NULL UNIQUE
      );
      CREATE TABLE sessions (
        token_hash bytea PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
        created_at bigint NOT NULL
      );
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE trips (
        id bigserial PRIMARY KEY,
        user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
        launch_id integer NOT NULL,
        UNIQUE (user_id, launch_id)
      );
      CREATE TABLE trip_events (
        id bigserial PRIMARY KEY,
        delta integer NOT NULL,
        committed_at timestamptz NOT NULL DEFAULT now()
      );
      """
    ),
    (
      "event ids from transaction ids, and a delivery horizon",
      """
      -- Without a lock held to the commit, sequence ids would not be in commit order. So each
      -- event's id is its transaction's id (one event per transaction), shifted above every id
      -- logged before, and trip_events_horizon() is the oldest transaction still running, shifted
      -- alike: every event with a smaller id is committed or never will be.
      DO $migration$
      DECLARE
        shift bigint := greatest(
          0, (SELECT coalesce(max(id), 0) FROM trip_events) + 1 - pg_current_xact_id()::text::bigint);
      BEGIN
        EXECUTE format(
          'ALTER TABLE trip_events ALTER COLUMN id SET DEFAULT pg_current_xact_id()::text::bigint + %s', shift);
        EXECUTE format(
          'CREATE FUNCTION trip_events_horizon() RETURNS bigint LANGUAGE sql STABLE AS %L',
          format('SELECT pg_snapshot_xmin(pg_current_snapshot())::text::bigint + %s', shift));
      END
      $migration$;
      DROP SEQUENCE trip_events_id_seq;
      """
    ),
    (
      "automatic persisted queries shared by every instance",
      """
      CREATE TABLE persisted_queries (
        hash text PRIMARY KEY,
        query text NOT NULL,
        registered_at timestamptz NOT NULL DEFAULT clock_timestamp()
      );
      """
    ),
    (
      "event times and pruning records, for resuming subscribers",
      """
      -- Seconds since the epoch, as SQLite's column (the store passes it); the default covers
      -- older programs still writing during a rolling upgrade.
      ALTER TABLE trip_events
        ADD COLUMN logged_at bigint NOT NULL DEFAULT extract(epoch FROM now())::bigint;
      UPDATE trip_events SET logged_at = extract(epoch FROM committed_at)::bigint;
      CREATE INDEX trip_events_by_time ON trip_events (logged_at);
      -- One row per pruning: every event up to through_id is gone; events says how many went.
      CREATE TABLE trip_events_pruned (
        through_id bigint PRIMARY KEY,
        events bigint NOT NULL
      );
      """
    ),
    (
      "idempotency keys of bookings and cancellations",
      """
      -- One row per keyed mutation field, written in the transaction of its change; the answer
      -- columns are filled in that same transaction. Kept for a day (created_at, epoch seconds).
      CREATE TABLE idempotency_keys (
        user_id bigint NOT NULL REFERENCES users ON DELETE CASCADE,
        idempotency_key text NOT NULL,
        position integer NOT NULL,
        fingerprint text NOT NULL,
        success integer,
        message text,
        launch_ids text,
        created_at bigint NOT NULL,
        PRIMARY KEY (user_id, idempotency_key, position)
      );
      CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
      """
    ),
    (
      "sessions found by age, for pruning expired ones",
      "CREATE INDEX sessions_by_time ON sessions (created_at);"
    ),
  ]

  /// The version a fully migrated database has.
  static var latestVersion: Int { migrations.count }

  /// The advisory lock key held while migrating (any constant; the same in every process).
  static let migrationLockKey = 7_262_013_001

  /// Brings the database behind `connection` up to date.
  ///
  /// - Returns: how many migrations this call applied (0 when another process already did).
  /// - Throws: ``BookingStoreError/databaseTooNew(path:found:supported:)``, or ``PostgresError``.
  @discardableResult
  static func migrate(_ connection: PostgresConnection) throws -> Int {
    try connection.query("SELECT pg_advisory_lock($1)", [migrationLockKey])
    defer { _ = try? connection.query("SELECT pg_advisory_unlock($1)", [migrationLockKey]) }
    try connection.execute(
      """
      CREATE TABLE IF NOT EXISTS schema_migrations (
        version integer PRIMARY KEY,
        name text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
      """)
    let current =
      try connection.queryFirst("SELECT coalesce(max(version), 0) FROM schema_migrations")?.int(0) ?? 0
    guard current <= latestVersion else {
      throw BookingStoreError.databaseTooNew(
        path: connection.endpoint, found: current, supported: latestVersion)
    }
    var applied = 0
    for (index, migration) in migrations.enumerated().dropFirst(current) {
      try connection.execute("BEGIN")
      do {
        try connection.execute(migration.sql)
        try connection.run(
          "INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", [index + 1, migration.name])
        try connection.execute("COMMIT")
      } catch {
        if connection.isInTransaction { try? connection.execute("ROLLBACK") }
        throw error
      }
      applied += 1
    }
    return applied
  }
}
