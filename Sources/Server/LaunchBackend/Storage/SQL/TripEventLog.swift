import FoundationEssentials
import SQL

/// The `tripsBooked` event log in a database's `trip_events (id, delta, logged_at)` table:
/// appended in the writer's transaction, read in id order, pruned from the oldest end (each
/// pruning recorded in `trip_events_pruned (through_id, events)`, so that a subscriber resuming
/// after a pruned event is told so rather than silently missing events).
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
  /// Pruning: the newest final id past the `?` newest; the newest final id logged before `?`.
  private let countCutoff: SQLStatement
  private let ageCutoff: SQLStatement
  private let deleteThrough: SQLStatement
  private let recordPruning: SQLStatement
  /// The pruning records beyond the newest ``keptPruningRecords`` are folded into one.
  private let pruningRecordBoundary: SQLStatement
  private let foldPruningRecords: SQLStatement
  private let deletePruningRecords: SQLStatement
  private let logStart: SQLStatement
  private let prunedAfter: SQLStatement
  static var keptPruningRecords: Int { 100 }

  init(database: Database, horizon: DeliveryHorizon?) {
    let style = database.placeholderStyle
    self.database = database
    self.horizon = horizon
    append = SQLStatement("INSERT INTO trip_events (delta, logged_at) VALUES (?, ?)", for: style)
    // Each read also says how far the log was pruned (one snapshot), so that the feed can tell
    // a subscriber whose cursor fell behind a pruning instead of skipping what was pruned.
    let pruned = "(SELECT coalesce(max(through_id), 0) FROM trip_events_pruned)"
    eventsAfter = SQLStatement(
      "SELECT id, delta, \(pruned), logged_at FROM trip_events WHERE id > ? ORDER BY id LIMIT ?", for: style)
    newestID = SQLStatement("SELECT coalesce(max(id), 0) FROM trip_events", for: style)
    eventsWithHorizon = horizon.map {
      SQLStatement(
        "SELECT id, delta, \(pruned), \($0.expression), logged_at FROM trip_events WHERE id > ? AND id <= ? ORDER BY id LIMIT ?",
        for: style)
    }
    newestIDWithHorizon = horizon.map {
      SQLStatement("SELECT coalesce(max(id), 0), \($0.expression) FROM trip_events", for: style)
    }
    newestFinalID = horizon.map {
      SQLStatement("SELECT coalesce(max(id), 0) FROM trip_events WHERE id < \($0.expression)", for: style)
    }
    // Only final events are pruned: one behind the horizon may not have been handed out yet.
    let final = horizon.map { " AND id < \($0.expression)" } ?? ""
    countCutoff = SQLStatement(
      "SELECT id FROM trip_events WHERE id > 0\(final) ORDER BY id DESC LIMIT 1 OFFSET ?", for: style)
    ageCutoff = SQLStatement(
      "SELECT coalesce(max(id), 0) FROM trip_events WHERE logged_at < ?\(final)", for: style)
    deleteThrough = SQLStatement("DELETE FROM trip_events WHERE id <= ?", for: style)
    recordPruning = SQLStatement(
      """
      INSERT INTO trip_events_pruned (through_id, events) VALUES (?, ?)
      ON CONFLICT (through_id) DO UPDATE SET events = trip_events_pruned.events + excluded.events
      """, for: style)
    pruningRecordBoundary = SQLStatement(
      "SELECT through_id FROM trip_events_pruned ORDER BY through_id DESC LIMIT 1 OFFSET ?", for: style)
    foldPruningRecords = SQLStatement(
      """
      UPDATE trip_events_pruned SET events = events
        + (SELECT coalesce(sum(events), 0) FROM trip_events_pruned WHERE through_id < ?)
      WHERE through_id = ?
      """, for: style)
    deletePruningRecords = SQLStatement("DELETE FROM trip_events_pruned WHERE through_id < ?", for: style)
    logStart = SQLStatement(
      """
      SELECT (SELECT coalesce(max(through_id), 0) FROM trip_events_pruned),
        (SELECT coalesce(min(id), 0) FROM trip_events)
      """, for: style)
    prunedAfter = SQLStatement(
      "SELECT coalesce(sum(events), 0) FROM trip_events_pruned WHERE through_id > ?", for: style)
  }

  /// Appends the event `delta` in the caller's transaction. Its id comes from the database
  /// (SQLite's rowid; on PostgreSQL the transaction's id, see `PostgresBookingSchema`); telling
  /// other processes is the store's ``CommitAnnouncer``'s, after the commit.
  func append(delta: Int, in connection: Database.Connection) throws {
    try connection.run(append, [.integer(delta), .integer(Int(Date().timeIntervalSince1970))])
  }

  /// Where the retained log begins.
  func start() throws -> TripEventLogStart {
    let row = try database.read { try $0.query(logStart, []) }.first
    let oldest = try row?.int(1) ?? 0
    return TripEventLogStart(prunedThrough: try row?.int(0) ?? 0, oldestID: oldest > 0 ? oldest : nil)
  }

  /// At most how many events after `id` were pruned (an upper bound: a pruning that removed
  /// events on both sides of `id` counts whole).
  func prunedCount(after id: Int) throws -> Int {
    try database.read { try $0.query(prunedAfter, [.integer(id)]) }.first?.int(0) ?? 0
  }

  /// Deletes the final events that `retention` no longer keeps, oldest first, and records how
  /// far the log was pruned.
  ///
  /// - Parameter now: seconds since the epoch.
  /// - Returns: how many events were deleted.
  func prune(_ retention: TripEventRetention, now: Int) throws -> Int {
    guard retention.prunes else { return 0 }
    return try database.transaction { db in
      var cutoff = 0
      if let maxCount = retention.maxCount {
        cutoff = max(cutoff, try db.query(countCutoff, [.integer(maxCount)]).first?.int(0) ?? 0)
      }
      if let maxAge = retention.maxAge {
        let oldest = now - Int(maxAge.components.seconds)
        cutoff = max(cutoff, try db.query(ageCutoff, [.integer(oldest)]).first?.int(0) ?? 0)
      }
      guard cutoff > 0 else { return 0 }
      let deleted = try db.run(deleteThrough, [.integer(cutoff)])
      guard deleted > 0 else { return 0 }
      try db.run(recordPruning, [.integer(cutoff), .integer(deleted)])
      if let boundary = try db.query(pruningRecordBoundary, [.integer(Self.keptPruningRecords)]).first?.int(0)
      {
        try db.run(foldPruningRecords, [.integer(boundary), .integer(boundary)])
        try db.run(deletePruningRecords, [.integer(boundary)])
      }
      return deleted
    }
  }

  /// The final events after `id`, oldest first, at most `limit`: every event committed before
  /// the call is among them (up to the limit), and none is followed later by a smaller id.
  func events(after id: Int, limit: Int) throws -> [TripEvent] {
    try batch(after: id, limit: limit).events
  }

  /// ``events(after:limit:)`` with how far the log was pruned when they were read (0 when no
  /// events were read).
  func batch(after id: Int, limit: Int) throws -> TripEventBatch {
    guard let horizon, let eventsWithHorizon else {
      let rows = try database.read { try $0.query(eventsAfter, [.integer(id), .integer(limit)]) }
      return TripEventBatch(
        events: try rows.map { try Self.event($0, loggedAtColumn: 3) },
        prunedThrough: try rows.first?.int(2) ?? 0)
    }
    var through = Int.max
    var waiting = Waiting(patience: horizon.patience)
    while true {
      let rows = try database.read {
        try $0.query(eventsWithHorizon, [.integer(id), .integer(through), .integer(limit)])
      }
      guard let last = rows.last else { return TripEventBatch(events: [], prunedThrough: 0) }
      let bound = try last.int(3)
      let events = try rows.map { try Self.event($0, loggedAtColumn: 4) }
      let pruned = try last.int(2)
      if try last.int(0) < bound { return TripEventBatch(events: events, prunedThrough: pruned) }
      // Some are newer than a transaction still running: wait for it, but only for the events
      // seen now (under steady load there is always a newer one).
      through = try last.int(0)
      guard waiting.pause() else {
        horizon.noteHeldBack()
        return TripEventBatch(events: events.filter { $0.id < bound }, prunedThrough: pruned)
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

  private static func event(_ row: SQLRow, loggedAtColumn: Int) throws -> TripEvent {
    // 0: logged before times were kept (the column's default), so not known.
    let loggedAt = (try? row.int(loggedAtColumn)).flatMap { $0 > 0 ? $0 : nil }
    return TripEvent(id: try row.int(0), delta: try row.int(1), loggedAt: loggedAt)
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
