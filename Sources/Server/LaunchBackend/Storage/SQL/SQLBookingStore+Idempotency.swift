import FoundationEssentials
import SQL

extension SQLBookingStore {
  /// Runs `change` at most once per (user, key, position): the key is claimed, the change made
  /// and its answer recorded in one transaction, so a key is recorded exactly when its change
  /// committed. A resend of the same request gets the recorded answer; another request under the
  /// same key gets ``IdempotentOutcome/keyReused``. Keys older than a day are deleted first, so
  /// such a key makes a new change.
  ///
  /// Two transactions claiming the same key at once: on SQLite they are serial; on PostgreSQL
  /// the second's insert waits for the first to commit, then finds its row (read committed:
  /// each statement sees what committed before it).
  ///
  /// - Throws: ``BookingStoreError/unknownUser(id:)``, or another ``BookingStoreError``; nothing
  ///   is recorded then.
  public func once(_ claim: IdempotencyClaim, _ change: (any TripChanges) throws -> RecordedTripUpdate)
    throws -> IdempotentOutcome
  {
    let now = Int(Date().timeIntervalSince1970)
    let keyArguments: [SQLValue] = [.integer(claim.userID), .text(claim.key), .integer(claim.position)]
    do {
      let outcome = try write { db -> IdempotentOutcome in
        // The pruning and the recording go with the claim and the commit (``SQLConnection/runLater(_:_:)``):
        // on PostgreSQL, BEGIN, pruning and claim are one round trip, the change one, and the
        // recording and COMMIT one.
        try db.runLater(idempotency.pruneBefore, [.integer(now - IdempotencyClaim.retentionSeconds)])
        let claimed = try db.run(
          idempotency.claim, keyArguments + [.text(claim.fingerprint), .integer(now)])
        guard claimed > 0 else {
          guard let row = try db.query(idempotency.recorded, keyArguments).first else {
            throw SQLRowError(column: 0, expected: "the recorded idempotency key")
          }
          guard try row.string(0) == claim.fingerprint else { return .keyReused }
          guard let ids = RecordedTripUpdate.launchIDs(stored: try row.string(3)) else {
            throw SQLRowError(column: 3, expected: "launch ids")
          }
          return .replayed(
            RecordedTripUpdate(success: try row.int(1) != 0, message: try row.string(2), launchIDs: ids))
        }
        let changes = SQLTripChanges(store: self, connection: db, userID: claim.userID)
        let update = try change(changes)
        try db.runLater(
          idempotency.record,
          [.integer(update.success ? 1 : 0), .text(update.message), .text(update.storedLaunchIDs)]
            + keyArguments)
        return .performed(update, delta: changes.delta)
      }
      if case .performed(_, let delta) = outcome, delta != 0 { announceCommittedEvents() }
      return outcome
    } catch let error as BookingStoreError where error.isForeignKeyViolation {
      throw BookingStoreError.unknownUser(id: claim.userID)
    }
  }

  /// Inserts `userID`'s trips on `launchIDs` in the caller's transaction, logging `+n` (with
  /// ``tripWrites``, in one statement: a transaction by itself when the caller opened none).
  /// - Returns: the launches newly booked, in request order.
  func insertTrips(userID: Int, launchIDs: [Int], in db: Database.Connection) throws -> [Int] {
    if let tripWrites {
      let now = Int(Date().timeIntervalSince1970)
      let rows = try db.query(
        tripWrites.book,
        [.integer(userID), .text(TripWriteStatements.arrayLiteral(launchIDs)), .integer(now)])
      let inserted = Set(try rows.map { try $0.int(0) })
      var seen = Set<Int>()
      return launchIDs.filter { inserted.contains($0) && seen.insert($0).inserted }
    }
    var added: [Int] = []
    for launchID in launchIDs
    where try db.run(statements.insertTrip, [.integer(userID), .integer(launchID)]) > 0 {
      added.append(launchID)
    }
    if !added.isEmpty { try eventLog.append(delta: added.count, in: db) }
    return added
  }

  /// Deletes `userID`'s trip on `launchID` in the caller's transaction, logging `-1` (with
  /// ``tripWrites``, in one statement).
  /// - Returns: whether there was one.
  func deleteTrip(userID: Int, launchID: Int, in db: Database.Connection) throws -> Bool {
    if let tripWrites {
      let now = Int(Date().timeIntervalSince1970)
      let row = try db.query(tripWrites.cancel, [.integer(userID), .integer(launchID), .integer(now)]).first
      return try (row?.int(0) ?? 0) > 0
    }
    guard try db.run(statements.deleteTrip, [.integer(userID), .integer(launchID)]) > 0 else { return false }
    try eventLog.append(delta: -1, in: db)
    return true
  }
}

/// ``TripChanges`` on one transaction's connection, adding up the events it logged.
///
/// Not `Sendable`: it lives inside one transaction, on its thread.
private final class SQLTripChanges<Database: SQLDatabase>: TripChanges {
  let store: SQLBookingStore<Database>
  let connection: Database.Connection
  let userID: Int
  /// The sum of the events logged (`+n` per booking, `-1` per cancellation).
  private(set) var delta = 0

  init(store: SQLBookingStore<Database>, connection: Database.Connection, userID: Int) {
    self.store = store
    self.connection = connection
    self.userID = userID
  }

  func book(launchIDs: [Int]) throws -> [Int] {
    let added = try store.insertTrips(userID: userID, launchIDs: launchIDs, in: connection)
    delta += added.count
    return added
  }

  func cancel(launchID: Int) throws -> Bool {
    guard try store.deleteTrip(userID: userID, launchID: launchID, in: connection) else { return false }
    delta -= 1
    return true
  }
}
