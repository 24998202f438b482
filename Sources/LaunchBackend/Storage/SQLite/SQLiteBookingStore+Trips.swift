import SQLite

extension SQLiteBookingStore {
  /// The launches `userID` has booked, in booking order (oldest first).
  ///
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func bookedLaunchIDs(userID: Int) throws -> [Int] {
    try read { db in
      try db.query("SELECT launch_id FROM trips WHERE user_id = ? ORDER BY id", [userID]) {
        try $0.column(0, as: Int.self)
      }
    }
  }

  /// Whether `userID` has booked `launchID`.
  ///
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func isBooked(userID: Int, launchID: Int) throws -> Bool {
    try read { db in
      try db.queryFirst(
        "SELECT EXISTS (SELECT 1 FROM trips WHERE user_id = ? AND launch_id = ?)", [userID, launchID]
      ) { try $0.column(0, as: Bool.self) } ?? false
    }
  }

  /// Books `launchIDs` for `userID` in one transaction: all or nothing.
  ///
  /// A launch the user already booked (or listed twice) is left as it is and succeeds.
  /// - Parameters:
  ///   - userID: an existing user's id.
  ///   - launchIDs: launches the caller has checked exist in the catalog.
  /// - Returns: the launches this call newly booked, in request order, without repeats: its
  ///   count is the `+n` the `tripsBooked` subscription reports.
  /// - Throws: ``BookingStoreError/unknownUser(id:)`` (nothing is booked then), or
  ///   ``BookingStoreError/storageFailed(_:)``.
  @discardableResult
  public func book(userID: Int, launchIDs: [Int]) throws -> [Int] {
    do {
      defer { events.wake() }
      return try write { db in
        var added: [Int] = []
        for launchID in launchIDs {
          try db.run(
            "INSERT OR IGNORE INTO trips (user_id, launch_id) VALUES (?, ?)", [userID, launchID])
          if db.changes > 0 { added.append(launchID) }
        }
        if !added.isEmpty { try Self.logEvent(delta: added.count, in: db) }
        return added
      }
    } catch BookingStoreError.storageFailed(let error) where error.isForeignKeyViolation {
      throw BookingStoreError.unknownUser(id: userID)
    }
  }

  /// Cancels `userID`'s trip on `launchID`.
  ///
  /// - Returns: `true` if that user had booked it (the trip is now gone), `false` otherwise,
  ///   in which case nothing changed (another user's trip on the same launch is untouched).
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func cancel(userID: Int, launchID: Int) throws -> Bool {
    defer { events.wake() }
    return try write { db in
      try db.run("DELETE FROM trips WHERE user_id = ? AND launch_id = ?", [userID, launchID])
      guard db.changes > 0 else { return false }
      try Self.logEvent(delta: -1, in: db)
      return true
    }
  }

  /// The number of trips booked by all users together.
  ///
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func totalTripsBooked() throws -> Int {
    try read { db in
      try db.queryFirst("SELECT count(*) FROM trips") { try $0.column(0, as: Int.self) } ?? 0
    }
  }

  // MARK: - Event log

  /// The logged events after `id`, oldest first, at most `limit`.
  ///
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func tripEvents(after id: Int, limit: Int) throws -> [TripEvent] {
    try read { db in try Self.tripEvents(in: db, after: id, limit: limit) }
  }

  /// The newest event's id, 0 when the log is empty.
  ///
  /// - Throws: ``BookingStoreError/storageFailed(_:)``.
  public func lastTripEventID() throws -> Int {
    try read { db in try Self.lastTripEventID(in: db) }
  }

  static func tripEvents(in pool: DatabasePool, after id: Int, limit: Int) throws -> [TripEvent] {
    try pool.read { db in try tripEvents(in: db, after: id, limit: limit) }
  }

  static func lastTripEventID(in pool: DatabasePool) throws -> Int {
    try pool.read { db in try lastTripEventID(in: db) }
  }

  private static func tripEvents(in db: Connection, after id: Int, limit: Int) throws -> [TripEvent] {
    try db.query("SELECT id, delta FROM trip_events WHERE id > ? ORDER BY id LIMIT ?", [id, limit]) {
      TripEvent(id: try $0.column(0, as: Int.self), delta: try $0.column(1, as: Int.self))
    }
  }

  private static func lastTripEventID(in db: Connection) throws -> Int {
    try db.queryFirst("SELECT coalesce(max(id), 0) FROM trip_events") { try $0.column(0, as: Int.self) } ?? 0
  }

  /// Appends an event in the caller's write transaction: SQLite has one writer at a time, so
  /// ids are in commit order.
  private static func logEvent(delta: Int, in db: Connection) throws {
    try db.run("INSERT INTO trip_events (delta) VALUES (?)", [delta])
  }
}
