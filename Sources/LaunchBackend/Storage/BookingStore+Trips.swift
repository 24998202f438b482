import SQLite

extension BookingStore {
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
      return try write { db in
        var added: [Int] = []
        for launchID in launchIDs {
          try db.run(
            "INSERT OR IGNORE INTO trips (user_id, launch_id) VALUES (?, ?)", [userID, launchID])
          if db.changes > 0 { added.append(launchID) }
        }
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
    try write { db in
      try db.run("DELETE FROM trips WHERE user_id = ? AND launch_id = ?", [userID, launchID])
      return db.changes > 0
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
}
