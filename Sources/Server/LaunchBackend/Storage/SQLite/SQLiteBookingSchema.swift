import SQLite

/// The SQLite booking database's schema history. Append new migrations; never edit shipped ones.
enum SQLiteBookingSchema {
  static let migrator = Migrator([
    Migration(
      "create users, sessions and trips",
      sql: """
        CREATE TABLE users (
          id INTEGER PRIMARY KEY,
          email TEXT NOT NULL UNIQUE
        );
        CREATE TABLE sessions (
          token_hash BLOB PRIMARY KEY,
          user_id INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
          created_at INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX sessions_by_user ON sessions (user_id);
        CREATE TABLE trips (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          user_id INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
          launch_id INTEGER NOT NULL,
          UNIQUE (user_id, launch_id)
        );
        """),
    Migration(
      "create the tripsBooked event log",
      sql: """
        CREATE TABLE trip_events (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          delta INTEGER NOT NULL
        );
        """),
    Migration("emails compared ignoring case", apply: keyEmailsIgnoringCase),
    Migration(
      "event times and pruning records, for resuming subscribers",
      sql: """
        -- The events logged before this migration count as logged now.
        ALTER TABLE trip_events ADD COLUMN logged_at INTEGER NOT NULL DEFAULT 0;
        UPDATE trip_events SET logged_at = CAST(strftime('%s', 'now') AS INTEGER);
        CREATE INDEX trip_events_by_time ON trip_events (logged_at);
        CREATE TABLE trip_events_pruned (
          through_id INTEGER PRIMARY KEY,
          events INTEGER NOT NULL
        );
        """),
    Migration(
      "idempotency keys of bookings and cancellations",
      sql: """
        -- One row per keyed mutation field, written in the transaction of its change; the
        -- answer columns are filled in that same transaction. Kept for a day (created_at).
        CREATE TABLE idempotency_keys (
          user_id INTEGER NOT NULL REFERENCES users ON DELETE CASCADE,
          idempotency_key TEXT NOT NULL,
          position INTEGER NOT NULL,
          fingerprint TEXT NOT NULL,
          success INTEGER,
          message TEXT,
          launch_ids TEXT,
          created_at INTEGER NOT NULL,
          PRIMARY KEY (user_id, idempotency_key, position)
        ) WITHOUT ROWID;
        CREATE INDEX idempotency_keys_by_time ON idempotency_keys (created_at);
        """),
    Migration(
      "sessions found by age, for pruning expired ones",
      sql: "CREATE INDEX sessions_by_time ON sessions (created_at);"),
  ])

  /// Adds `users.email_key`, the whole address lowercased (``EmailAddress/key``, computed in
  /// Swift so that it matches what `login` computes), with a unique index. Accounts that differed
  /// only in case become one: the oldest keeps its spelling and id and takes over the others'
  /// trips and sessions.
  @Sendable static func keyEmailsIgnoringCase(_ db: Connection) throws {
    try db.execute("ALTER TABLE users ADD COLUMN email_key TEXT")
    let users = try db.query("SELECT id, email FROM users ORDER BY id") {
      (try $0.column(0, as: Int.self), try $0.column(1, as: String.self))
    }
    var owner: [String: Int] = [:]
    for (id, email) in users {
      let key = email.lowercased()
      guard let first = owner[key] else {
        owner[key] = id
        try db.run("UPDATE users SET email_key = ? WHERE id = ?", [key, id])
        continue
      }
      try db.run(
        "INSERT OR IGNORE INTO trips (user_id, launch_id) SELECT ?, launch_id FROM trips WHERE user_id = ? ORDER BY id",
        [first, id])
      try db.run("UPDATE sessions SET user_id = ? WHERE user_id = ?", [first, id])
      try db.run("DELETE FROM users WHERE id = ?", [id])
    }
    try db.execute("CREATE UNIQUE INDEX users_by_email_key ON users (email_key)")
  }
}
