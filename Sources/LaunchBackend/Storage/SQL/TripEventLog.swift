import SQL

/// The `tripsBooked` event log in a database's `trip_events (id, delta)` table: appended in the
/// writer's transaction, read in id order.
///
/// With one writer at a time (SQLite) ids are in commit order, so everything visible is final.
/// With concurrent writers (PostgreSQL) a ``DeliveryHorizon`` says which ids are final, and a
/// read returns only those: an event with a larger id that committed first waits for the
/// smaller one.
struct TripEventLog<Database: SQLDatabase>: Sendable {
  let database: Database
  let horizon: DeliveryHorizon?
  private let append: SQLStatement
  private let eventsAfter: SQLStatement
  private let newestID: SQLStatement
  /// With a horizon: events after `?` up to `?` (at most `?`), each with the horizon.
  private let eventsWithHorizon: SQLStatement?
  /// With a horizon: the newest id and the horizon.
  private let newestIDWithHorizon: SQLStatement?
  /// With a horizon: the newest id below the horizon.
  private let newestFinalID: SQLStatement?

  init(database: Database, horizon: DeliveryHorizon?) {
    let style = database.placeholderStyle
    self.database = database
    self.horizon = horizon
    append = SQLStatement("INSERT INTO trip_events (delta) VALUES (?)", for: style)
    eventsAfter = SQLStatement(
      "SELECT id, delta FROM trip_events WHERE id > ? ORDER BY id LIMIT ?", for: style)
    newestID = SQLStatement("SELECT coalesce(max(id), 0) FROM trip_events", for: style)
    eventsWithHorizon = horizon.map {
      SQLStatement(
        "SELECT id, delta, \($0.expression) FROM trip_events WHERE id > ? AND id <= ? ORDER BY id LIMIT ?",
        for: style)
    }
    newestIDWithHorizon = horizon.map {
      SQLStatement("SELECT coalesce(max(id), 0), \($0.expression) FROM trip_events", for: style)
    }
    newestFinalID = horizon.map {
      SQLStatement("SELECT coalesce(max(id), 0) FROM trip_events WHERE id < \($0.expression)", for: style)
    }
  }

  /// Appends the event `delta` in the caller's transaction. Its id comes from the database
  /// (SQLite's rowid; on PostgreSQL the transaction's id, see `PostgresBookingSchema`); telling
  /// other processes is the store's ``CommitAnnouncer``'s, after the commit.
  func append(delta: Int, in connection: Database.Connection) throws {
    try connection.run(append, [.integer(delta)])
  }

  /// The final events after `id`, oldest first, at most `limit`: every event committed before
  /// the call is among them (up to the limit), and none is followed later by a smaller id.
  func events(after id: Int, limit: Int) throws -> [TripEvent] {
    guard let horizon, let eventsWithHorizon else {
      return try database.read { try $0.query(eventsAfter, [.integer(id), .integer(limit)]) }.map(Self.event)
    }
    var through = Int.max
    var waiting = Waiting(patience: horizon.patience)
    while true {
      let rows = try database.read {
        try $0.query(eventsWithHorizon, [.integer(id), .integer(through), .integer(limit)])
      }
      guard let last = rows.last else { return [] }
      let bound = try last.int(2)
      let events = try rows.map(Self.event)
      if try last.int(0) < bound { return events }
      // Some are newer than a transaction still running: wait for it, but only for the events
      // seen now (under steady load there is always a newer one).
      through = try last.int(0)
      guard waiting.pause() else {
        horizon.noteHeldBack()
        return events.filter { $0.id < bound }
      }
    }
  }

  /// The newest final event's id (0 when there is none): a subscriber starting after it misses
  /// nothing that commits later.
  func lastID() throws -> Int {
    guard let horizon, let newestIDWithHorizon, let newestFinalID else {
      return try database.read { try $0.query(newestID, []) }.first?.int(0) ?? 0
    }
    var newest: Int?
    var waiting = Waiting(patience: horizon.patience)
    while true {
      guard let row = try database.read({ try $0.query(newestIDWithHorizon, []) }).first else { return 0 }
      newest = try newest ?? row.int(0)
      if let newest, try newest < row.int(1) { return newest }
      guard waiting.pause() else {
        horizon.noteHeldBack()
        return try database.read { try $0.query(newestFinalID, []) }.first?.int(0) ?? 0
      }
    }
  }

  private static func event(_ row: SQLRow) throws -> TripEvent {
    TripEvent(id: try row.int(0), delta: try row.int(1))
  }
}

/// Short pauses, 1 ms doubling to 50 ms, until `patience` is used up.
private struct Waiting {
  let patience: Duration
  private var waited: Duration = .zero
  private var next: Duration = .milliseconds(1)

  init(patience: Duration) { self.patience = patience }

  /// Sleeps the next pause; false (without sleeping) when the patience is used up.
  mutating func pause() -> Bool {
    guard waited < patience else { return false }
    sleepCurrentThread(for: next)
    waited += next
    next = min(next * 2, .milliseconds(50))
    return true
  }
}
