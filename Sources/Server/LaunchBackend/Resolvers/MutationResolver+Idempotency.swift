import GraphQL
import GraphQLWire

extension MutationResolver {
  /// Runs `change` for `caller`, once per `Idempotency-Key` when the request carries one (see
  /// ``BookingStore/once(_:_:)``), else directly; reports the committed event and returns the
  /// field's answer.
  ///
  /// - Parameters:
  ///   - fingerprint: what the field was asked to do, such as `bookTrips:42,43`.
  ///   - change: makes the change through the store's ``TripChanges`` and says what to answer.
  /// - Throws: `IDEMPOTENCY_KEY_REUSED` for a key used for another request, or the store's error.
  func runKeyed(
    caller: StoredUser, fingerprint: String, _ input: borrowing Input,
    change: (any TripChanges) throws -> RecordedTripUpdate
  ) throws -> TripUpdate {
    let context = input.context
    let environment = context.environment
    let recorded: RecordedTripUpdate
    if let claim = context.nextIdempotencyClaim(userID: caller.id, fingerprint: fingerprint) {
      switch try environment.store.once(claim, change) {
      case .performed(let update, let delta):
        recorded = update
        if delta != 0 { environment.tripsBookedChanged(delta) }
      case .replayed(let update):
        recorded = update
      case .keyReused:
        throw APIError.idempotencyKeyReused
      }
    } else {
      let direct = DirectTripChanges(store: environment.store, userID: caller.id)
      recorded = try change(direct)
      if direct.delta != 0 { environment.tripsBookedChanged(direct.delta) }
    }
    context.bookingsChanged()
    return TripUpdate(
      success: recorded.success, message: recorded.message,
      launches: recorded.launchIDs.compactMap { environment.launches.node(idText: String($0)) })
  }
}

/// ``TripChanges`` straight on the store, each change in a transaction of its own (for a request
/// without an `Idempotency-Key`), adding up the events logged.
///
/// Not `Sendable`: it lives for one resolver call, on its thread.
private final class DirectTripChanges: TripChanges {
  let store: any BookingStore
  let userID: Int
  private(set) var delta = 0

  init(store: any BookingStore, userID: Int) {
    self.store = store
    self.userID = userID
  }

  func book(launchIDs: [Int]) throws -> [Int] {
    let added = try store.book(userID: userID, launchIDs: launchIDs)
    delta += added.count
    return added
  }

  func cancel(launchID: Int) throws -> Bool {
    guard try store.cancel(userID: userID, launchID: launchID) else { return false }
    delta -= 1
    return true
  }
}
