import SQL

/// A booking or a cancellation with its `tripsBooked` event as one statement (data-modifying
/// common table expressions), on a database that has them: PostgreSQL. One statement outside
/// `BEGIN`/`COMMIT` is a transaction of its own, so the change and its event commit together in
/// one round trip instead of four or more; the event's id is still its transaction's (the
/// column's default, see `PostgresBookingSchema`), so the delivery horizon orders it as before.
struct TripWriteStatements: Sendable {
  /// Parameters: the user, the launches as an array literal (`{42,43}`), the time; the rows are
  /// the launches newly booked. The event (`+n`) is logged only when `n` is not 0.
  let book: SQLStatement
  /// Parameters: the user, the launch, the time; one row with the count of trips deleted (0 or
  /// 1). The event (`-1`) is logged only when one was.
  let cancel: SQLStatement

  /// PostgreSQL's spelling.
  static let postgreSQL = TripWriteStatements(
    book: SQLStatement(
      """
      WITH added AS (
        INSERT INTO trips (user_id, launch_id)
        SELECT ?, requested.launch
        FROM unnest(?::integer[]) WITH ORDINALITY AS requested (launch, position)
        ORDER BY requested.position
        ON CONFLICT DO NOTHING
        RETURNING launch_id
      ), logged AS (
        INSERT INTO trip_events (delta, logged_at)
        SELECT count(*), ?::bigint FROM added HAVING count(*) > 0
      )
      SELECT launch_id FROM added
      """, for: .dollarNumbered),
    cancel: SQLStatement(
      """
      WITH removed AS (
        DELETE FROM trips WHERE user_id = ? AND launch_id = ? RETURNING launch_id
      ), logged AS (
        INSERT INTO trip_events (delta, logged_at) SELECT -1, ?::bigint FROM removed
      )
      SELECT count(*) FROM removed
      """, for: .dollarNumbered))

  /// `{42,43}`: launch ids as a PostgreSQL array literal, to bind as one text parameter.
  static func arrayLiteral(_ ids: [Int]) -> String {
    "{" + ids.map(String.init).joined(separator: ",") + "}"
  }
}
