import GraphQL
import GraphQLWire
import SQL
import Synchronization

/// A ``BookingStore`` opened by the first call that needs the database, so that a request that
/// reads only the launch catalog (an anonymous `launch 5`, `launches`) never loads SQLite, never
/// migrates the file and starts none of the store's threads.
///
/// An open that fails is not remembered: each later call tries again, and throws the error
/// opening threw (a ``BookingStoreError`` such as ``BookingStoreError/cannotOpen(path:underlying:)``),
/// which the resolvers report as an internal error. Whoever wants to tell the user why (the
/// command line does) compares ``failedOpens`` before and after the request and reads
/// ``openFailure``.
///
/// Thread safety: `Sendable`; the store is opened once, under a `Mutex`, by whichever call comes
/// first.
public final class DeferredBookingStore: BookingStore {
  private struct State {
    var store: (any BookingStore)?
    var failure: (any Error)?
    var failures = 0
    var closed = false
  }

  private let open: @Sendable () throws -> any BookingStore
  private let state = Mutex(State())

  /// A store that `open` makes when first needed.
  /// - Parameter open: opens the real store (for example `{ try SQLiteBookingStore(path: path) }`).
  public init(open: @escaping @Sendable () throws -> any BookingStore) {
    self.open = open
  }

  /// The open store, opening it now if no call did yet.
  /// - Throws: what opening throws; ``BookingStoreError/closed`` after ``close()``.
  public func opened() throws -> any BookingStore {
    try state.withLock { state in
      if let store = state.store { return store }
      if state.closed { throw BookingStoreError.closed }
      do {
        let store = try open()
        state.store = store
        state.failure = nil
        return store
      } catch {
        state.failure = error
        state.failures += 1
        throw error
      }
    }
  }

  /// Whether a call opened the store (so closing it has something to close).
  public var isOpen: Bool { state.withLock { $0.store != nil } }

  /// Why the last attempt to open the store failed, or nil when it opened or none was made.
  public var openFailure: (any Error)? { state.withLock { $0.failure } }

  /// How many attempts to open the store failed so far.
  public var failedOpens: Int { state.withLock { $0.failures } }

  public func login(email: EmailAddress) throws -> (user: StoredUser, token: String) {
    try opened().login(email: email)
  }

  public func user(forToken token: String, createdSince: Int) throws -> StoredUser? {
    try opened().user(forToken: token, createdSince: createdSince)
  }

  public func pruneSessions(createdBefore: Int) throws -> Int {
    try opened().pruneSessions(createdBefore: createdBefore)
  }

  public func bookedLaunchIDs(userID: Int) throws -> [Int] { try opened().bookedLaunchIDs(userID: userID) }

  public func isBooked(userID: Int, launchID: Int) throws -> Bool {
    try opened().isBooked(userID: userID, launchID: launchID)
  }

  @discardableResult
  public func book(userID: Int, launchIDs: [Int]) throws -> [Int] {
    try opened().book(userID: userID, launchIDs: launchIDs)
  }

  public func cancel(userID: Int, launchID: Int) throws -> Bool {
    try opened().cancel(userID: userID, launchID: launchID)
  }

  public func once(_ claim: IdempotencyClaim, _ change: (any TripChanges) throws -> RecordedTripUpdate) throws
    -> IdempotentOutcome
  {
    try opened().once(claim, change)
  }

  public func totalTripsBooked() throws -> Int { try opened().totalTripsBooked() }

  public func tripEvents(after id: Int, limit: Int) throws -> [TripEvent] {
    try opened().tripEvents(after: id, limit: limit)
  }

  public func lastTripEventID() throws -> Int { try opened().lastTripEventID() }

  public func tripEventLogStart() throws -> TripEventLogStart { try opened().tripEventLogStart() }

  public func prunedTripEventCount(after id: Int) throws -> Int {
    try opened().prunedTripEventCount(after: id)
  }

  public func pruneTripEvents(_ retention: TripEventRetention) throws -> Int {
    try opened().pruneTripEvents(retention)
  }

  public var events: TripEventFeed {
    get throws { try opened().events }
  }

  public func ping() throws { try opened().ping() }

  /// Closes the store if it was opened; later calls fail instead of opening it again.
  public func close() {
    let store = state.withLock { state in
      state.closed = true
      return state.store
    }
    store?.close()
  }

  public var poolStatistics: SQLPoolStatistics? { state.withLock { $0.store?.poolStatistics } }
}
