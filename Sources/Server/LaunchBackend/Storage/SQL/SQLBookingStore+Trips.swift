import FoundationEssentials
import SQL

extension SQLBookingStore {
  /// The launches `userID` has booked, in booking order (oldest first).
  ///
  /// - Throws: ``BookingStoreError``.
  public func bookedLaunchIDs(userID: Int) throws -> [Int] {
    try read { db in try db.query(statements.bookedLaunchIDs, [.integer(userID)]).map { try $0.int(0) } }
  }

  /// Whether `userID` has booked `launchID`.
  ///
  /// - Throws: ``BookingStoreError``.
  public func isBooked(userID: Int, launchID: Int) throws -> Bool {
    try read { db in
      (try db.query(statements.countTrip, [.integer(userID), .integer(launchID)]).first?.int(0) ?? 0) > 0
    }
  }

  /// Books `launchIDs` for `userID` in one transaction: all or nothing (on PostgreSQL one
  /// statement, ``TripWriteStatements``).
  ///
  /// A launch the user already booked (or listed twice) is left as it is and succeeds.
  /// - Parameters:
  ///   - userID: an existing user's id.
  ///   - launchIDs: launches the caller has checked exist in the catalog.
  /// - Returns: the launches this call newly booked, in request order, without repeats: its
  ///   count is the `+n` the `tripsBooked` subscription reports.
  /// - Throws: ``BookingStoreError/unknownUser(id:)`` (nothing is booked then), or another
  ///   ``BookingStoreError``.
  @discardableResult
  public func book(userID: Int, launchIDs: [Int]) throws -> [Int] {
    do {
      let added =
        tripWrites == nil
        ? try write { db in try insertTrips(userID: userID, launchIDs: launchIDs, in: db) }
        : try writeOneStatement { db in try insertTrips(userID: userID, launchIDs: launchIDs, in: db) }
      if !added.isEmpty { announceCommittedEvents() }
      return added
    } catch let error as BookingStoreError where error.isForeignKeyViolation {
      throw BookingStoreError.unknownUser(id: userID)
    }
  }

  /// Cancels `userID`'s trip on `launchID`.
  ///
  /// - Returns: `true` if that user had booked it (the trip is now gone and the event `-1`
  ///   logged), `false` otherwise, in which case nothing changed.
  /// - Throws: ``BookingStoreError``.
  public func cancel(userID: Int, launchID: Int) throws -> Bool {
    let cancelled =
      tripWrites == nil
      ? try write { db in try deleteTrip(userID: userID, launchID: launchID, in: db) }
      : try writeOneStatement { db in try deleteTrip(userID: userID, launchID: launchID, in: db) }
    if cancelled { announceCommittedEvents() }
    return cancelled
  }

  /// The number of trips booked by all users together.
  ///
  /// - Throws: ``BookingStoreError``.
  public func totalTripsBooked() throws -> Int {
    try read { db in try db.query(statements.countTrips, []).first?.int(0) ?? 0 }
  }

  // MARK: - Event log

  /// The final events after `id`, oldest first, at most `limit`; see ``TripEventLog``.
  ///
  /// - Throws: ``BookingStoreError``.
  public func tripEvents(after id: Int, limit: Int) throws -> [TripEvent] {
    try BookingStoreError.mapping { try eventLog.events(after: id, limit: limit) }
  }

  /// The newest final event's id, 0 when there is none.
  ///
  /// - Throws: ``BookingStoreError``.
  public func lastTripEventID() throws -> Int {
    try BookingStoreError.mapping { try eventLog.lastID() }
  }

  /// Where the retained log begins; see ``TripEventLog``.
  ///
  /// - Throws: ``BookingStoreError``.
  public func tripEventLogStart() throws -> TripEventLogStart {
    try BookingStoreError.mapping { try eventLog.start() }
  }

  /// At most how many events after `id` were pruned.
  ///
  /// - Throws: ``BookingStoreError``.
  public func prunedTripEventCount(after id: Int) throws -> Int {
    try BookingStoreError.mapping { try eventLog.prunedCount(after: id) }
  }

  /// Deletes the oldest final events `retention` no longer keeps; see ``TripEventLog``.
  ///
  /// - Throws: ``BookingStoreError``.
  public func pruneTripEvents(_ retention: TripEventRetention) throws -> Int {
    try BookingStoreError.mapping {
      try eventLog.prune(retention, now: Int(Date().timeIntervalSince1970))
    }
  }
}
