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
  ])
}
