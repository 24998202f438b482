import SQL

/// The SQL of users, sessions and trips, written once and spelled for one database's
/// placeholders when a store opens. Every statement is portable SQL that SQLite (3.35 or later)
/// and PostgreSQL both run as written.
struct BookingStatements: Sendable {
  let insertUser: SQLStatement
  let userByEmailKey: SQLStatement
  let insertSession: SQLStatement
  let userByTokenDigest: SQLStatement
  let deleteSessionsBefore: SQLStatement
  let bookedLaunchIDs: SQLStatement
  let countTrip: SQLStatement
  let insertTrip: SQLStatement
  let deleteTrip: SQLStatement
  let countTrips: SQLStatement
  let ping: SQLStatement

  init(_ style: SQLPlaceholderStyle) {
    insertUser = SQLStatement(
      "INSERT INTO users (email, email_key) VALUES (?, ?) ON CONFLICT (email_key) DO NOTHING", for: style)
    userByEmailKey = SQLStatement("SELECT id, email FROM users WHERE email_key = ?", for: style)
    insertSession = SQLStatement(
      "INSERT INTO sessions (token_hash, user_id, created_at) VALUES (?, ?, ?)", for: style)
    userByTokenDigest = SQLStatement(
      "SELECT users.id, users.email, sessions.created_at FROM sessions JOIN users ON users.id = sessions.user_id "
        + "WHERE sessions.token_hash = ?", for: style)
    deleteSessionsBefore = SQLStatement("DELETE FROM sessions WHERE created_at < ?", for: style)
    bookedLaunchIDs = SQLStatement("SELECT launch_id FROM trips WHERE user_id = ? ORDER BY id", for: style)
    // A count rather than EXISTS: an integer in both databases (EXISTS is a boolean in one).
    countTrip = SQLStatement("SELECT count(*) FROM trips WHERE user_id = ? AND launch_id = ?", for: style)
    insertTrip = SQLStatement(
      "INSERT INTO trips (user_id, launch_id) VALUES (?, ?) ON CONFLICT DO NOTHING", for: style)
    deleteTrip = SQLStatement("DELETE FROM trips WHERE user_id = ? AND launch_id = ?", for: style)
    countTrips = SQLStatement("SELECT count(*) FROM trips", for: style)
    ping = SQLStatement("SELECT 1", for: style)
  }
}
