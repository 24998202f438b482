import GraphQL
import GraphQLWire
import SQL

/// The users, login sessions, booked trips and `tripsBooked` event log of the launch-booking API:
/// what the resolvers need from a database, whichever database it is.
///
/// One implementation, ``SQLBookingStore``, over either database, passes one behavioural test
/// suite on both: ``SQLiteBookingStore`` (one file, the embedded default) and
/// ``PostgresBookingStore`` (one server shared by many `serve` processes).
///
/// Implementation requirements:
/// - `Sendable`; every method may be called from any thread at once, outside any Swift
///   concurrency context, and blocks for the duration of one short transaction.
/// - A user is found by their email compared case-insensitively (the whole address, lowercased);
///   the first spelling is the one kept. Tokens are stored only as SHA-256 digests.
/// - A trip is unique per user and launch, enforced by the database (a constraint), so bookings
///   and cancellations racing from several processes end in a state some serial order gives.
/// - ``book(userID:launchIDs:)`` and ``cancel(userID:launchID:)`` append their event (`+n`, `-1`)
///   to the event log in the same transaction as the change, so an event exists exactly when its
///   change committed. Event ids increase in the order events are handed out, and the log only
///   ever grows after the last event handed out: ``tripEvents(after:limit:)`` returns an event
///   only once no event with a smaller id can still commit.
/// - Failures are ``BookingStoreError``s; ``BookingStoreError/unavailable(_:)`` when the database
///   cannot be reached right now (a later call may succeed).
public protocol BookingStore: Sendable {
  /// Finds or creates the user with `email` and opens a new session for them.
  ///
  /// Each login makes a new token; earlier tokens of the same user stay valid.
  /// - Parameter email: a validated address; its ``EmailAddress/key`` (the whole address
  ///   lowercased) identifies the user, and the spelling of the user's first login is the one kept.
  /// - Returns: the user and the new token's text, the only time the text exists.
  func login(email: EmailAddress) throws -> (user: StoredUser, token: String)

  /// The user a token belongs to, or nil for a malformed, forged or unknown token or a session
  /// opened before `createdSince` (an expired one).
  ///
  /// - Parameters:
  ///   - token: the token text as the client sent it (without any `Bearer ` prefix).
  ///   - createdSince: the oldest login time still accepted, in Unix seconds.
  func user(forToken token: String, createdSince: Int) throws -> StoredUser?

  /// Deletes the sessions opened before `createdBefore` (Unix seconds): the expired ones.
  ///
  /// - Returns: how many were deleted.
  func pruneSessions(createdBefore: Int) throws -> Int

  /// The launches `userID` has booked, in booking order (oldest first).
  func bookedLaunchIDs(userID: Int) throws -> [Int]

  /// Whether `userID` has booked `launchID`.
  func isBooked(userID: Int, launchID: Int) throws -> Bool

  /// Books `launchIDs` for `userID` in one transaction: all or nothing. A launch the user already
  /// booked (or listed twice) is left as it is and succeeds.
  ///
  /// - Parameters:
  ///   - userID: an existing user's id (else ``BookingStoreError/unknownUser(id:)``).
  ///   - launchIDs: launches the caller has checked exist in the catalog.
  /// - Returns: the launches this call newly booked, in request order, without repeats; when
  ///   there are n > 0 of them, the event `+n` was logged with them.
  @discardableResult
  func book(userID: Int, launchIDs: [Int]) throws -> [Int]

  /// Cancels `userID`'s trip on `launchID`.
  ///
  /// - Returns: `true` if that user had booked it (the trip is gone and the event `-1` logged),
  ///   `false` otherwise, in which case nothing changed.
  func cancel(userID: Int, launchID: Int) throws -> Bool

  /// Runs `change` (bookings and cancellations of the claim's user) at most once per user,
  /// `Idempotency-Key` and position: the key is claimed, the change made and its answer recorded
  /// in one transaction, so a resend of the same request gets the recorded answer and changes
  /// nothing, and another request under the same key changes nothing either. Keys are kept for
  /// ``IdempotencyClaim/retentionSeconds``.
  ///
  /// - Returns: how it went; ``IdempotentOutcome/performed(_:delta:)`` carries the event it
  ///   logged, as ``book(userID:launchIDs:)`` and ``cancel(userID:launchID:)`` would have.
  func once(_ claim: IdempotencyClaim, _ change: (any TripChanges) throws -> RecordedTripUpdate) throws
    -> IdempotentOutcome

  /// The number of trips booked by all users together.
  func totalTripsBooked() throws -> Int

  /// The logged events with ids greater than `id`, oldest first, at most `limit` of them: every
  /// event committed before the call (up to the limit), and none that a smaller id committing
  /// later would precede.
  func tripEvents(after id: Int, limit: Int) throws -> [TripEvent]

  /// The id of the newest logged event (0 when there is none) that no smaller id can follow.
  func lastTripEventID() throws -> Int

  /// Where the retained event log begins: a subscriber resuming after an id below
  /// ``TripEventLogStart/prunedThrough`` would miss events.
  func tripEventLogStart() throws -> TripEventLogStart

  /// At most how many events after `id` were pruned from the log.
  func prunedTripEventCount(after id: Int) throws -> Int

  /// Deletes the oldest final events that `retention` no longer keeps.
  ///
  /// - Returns: how many were deleted.
  func pruneTripEvents(_ retention: TripEventRetention) throws -> Int

  /// Live events, in this process and from every other process using the same database.
  var events: TripEventFeed { get throws }

  /// One trivial round trip (`SELECT 1`) through the store's connections, as a request would
  /// make it: for a readiness probe.
  ///
  /// - Throws: ``BookingStoreError`` (``BookingStoreError/unavailable(_:)`` when the database
  ///   cannot be reached or every connection stayed busy past the pool's wait).
  func ping() throws

  /// Closes the database. Later calls fail.
  func close()

  /// An automatic-persisted-query store kept in this database, shared by every process using it,
  /// bounded to `maxEntries` documents and `maxBytes` bytes of text; nil when this database keeps
  /// none (each process then keeps its own in memory).
  func sharedPersistedQueryStore(maxEntries: Int, maxBytes: Int) -> (any PersistedQueryStore)?

  /// What the database's connections are doing, for the metrics; nil when not known.
  var poolStatistics: SQLPoolStatistics? { get }
}

extension BookingStore {
  /// The user a token belongs to, however old its session.
  public func user(forToken token: String) throws -> StoredUser? {
    try user(forToken: token, createdSince: Int.min)
  }

  /// None: each process keeps its own persisted queries.
  public func sharedPersistedQueryStore(maxEntries: Int, maxBytes: Int) -> (any PersistedQueryStore)? {
    nil
  }

  /// Not known.
  public var poolStatistics: SQLPoolStatistics? { nil }
}
