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
        try db.run(idempotency.pruneBefore, [.integer(now - IdempotencyClaim.retentionSeconds)])
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
        try db.run(
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

  /// Inserts `userID`'s trips on `launchIDs` in the caller's transaction, logging `+n`.
  /// - Returns: the launches newly booked.
  func insertTrips(userID: Int, launchIDs: [Int], in db: Database.Connection) throws -> [Int] {
    var added: [Int] = []
    for launchID in launchIDs
    where try db.run(statements.insertTrip, [.integer(userID), .integer(launchID)]) > 0 {
      added.append(launchID)
    }
    if !added.isEmpty { try eventLog.append(delta: added.count, in: db) }
    return added
  }

  /// Deletes `userID`'s trip on `launchID` in the caller's transaction, logging `-1`.
  /// - Returns: whether there was one.
  func deleteTrip(userID: Int, launchID: Int, in db: Database.Connection) throws -> Bool {
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
