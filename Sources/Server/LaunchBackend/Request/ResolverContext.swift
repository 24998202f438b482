import Synchronization

/// The per-request state every resolver sees: who is calling, and a memo of what they booked.
///
/// The caller is looked up lazily, at most once per request, from the token in the
/// `Authorization` header: a request that never asks about the caller (an anonymous launch
/// list, say) costs no database work, and one that does costs one token lookup. A missing,
/// malformed, forged or unknown token means an anonymous caller.
///
/// The caller's booked launch ids are memoized too, so twenty `isBooked` fields cost one query
/// (none for an anonymous caller). Mutations that change bookings call `bookingsChanged()` so
/// later fields of the same request see the new state.
///
/// Thread safety: `Sendable`. One execution runs its fields one at a time, so the lock is never
/// contended; it is there so the type is honestly shareable.
final class ResolverContext: Sendable {
  /// The catalog, the store and the error sink.
  let environment: BackendEnvironment
  private let token: String?
  /// The request's `Idempotency-Key`, if it had one.
  let idempotencyKey: String?
  /// The client's network address, for the login rate; nil in process.
  let client: String?
  private let memo = Mutex(Memo())

  private struct Memo {
    /// How many keyed mutation fields ran so far (the next one's position).
    var keyedFields = 0
    var caller: Lookup<StoredUser?> = .pending
    var bookings: Lookup<Bookings> = .pending
    var databaseUnavailable = false
  }

  private enum Lookup<Value> {
    case pending
    case known(Value)
  }

  /// The caller's booked launch ids, in booking order and as a set.
  struct Bookings: Sendable {
    static let none = Bookings(ordered: [])

    let ordered: [Int]
    let set: Set<Int>

    init(ordered: [Int]) {
      self.ordered = ordered
      self.set = Set(ordered)
    }
  }

  /// - Parameters:
  ///   - environment: the backend's shared parts.
  ///   - authorization: the raw `Authorization` header value, if any.
  ///   - idempotencyKey: the request's `Idempotency-Key`, if any (default none).
  ///   - client: the client's network address, if the request came over a network (default none).
  init(
    environment: BackendEnvironment, authorization: String?, idempotencyKey: String? = nil,
    client: String? = nil
  ) {
    self.environment = environment
    self.token = AuthorizationHeader.token(from: authorization)
    self.idempotencyKey = idempotencyKey
    self.client = client
  }

  /// The claim of the next keyed mutation field of this request for `userID`, or nil when the
  /// request carries no `Idempotency-Key`. Mutation fields run one after another, so positions
  /// follow the document's order.
  ///
  /// - Parameter fingerprint: what the field was asked to do.
  func nextIdempotencyClaim(userID: Int, fingerprint: String) -> IdempotencyClaim? {
    guard let idempotencyKey else { return nil }
    let position = memo.withLock { memo in
      defer { memo.keyedFields += 1 }
      return memo.keyedFields
    }
    return IdempotencyClaim(userID: userID, key: idempotencyKey, position: position, fingerprint: fingerprint)
  }

  /// The logged-in caller, or nil for an anonymous one.
  ///
  /// - Throws: ``BookingStoreError`` when the database fails.
  func caller() throws -> StoredUser? {
    if case .known(let user) = memo.withLock({ $0.caller }) { return user }
    let oldest = environment.login.oldestAcceptedLogin()
    let user = try token.flatMap { try environment.store.user(forToken: $0, createdSince: oldest) }
    memo.withLock { $0.caller = .known(user) }
    return user
  }

  /// What the caller has booked (nothing for an anonymous caller, without asking the database).
  ///
  /// - Throws: ``BookingStoreError`` when the database fails.
  func bookings() throws -> Bookings {
    if case .known(let bookings) = memo.withLock({ $0.bookings }) { return bookings }
    let bookings = try caller().map {
      Bookings(ordered: try environment.store.bookedLaunchIDs(userID: $0.id))
    }
    memo.withLock { $0.bookings = .known(bookings ?? .none) }
    return bookings ?? .none
  }

  /// Whether some field failed because the database could not be reached: the HTTP server then
  /// answers 503 rather than 200.
  var databaseWasUnavailable: Bool { memo.withLock { $0.databaseUnavailable } }

  /// Records that a field failed because the database could not be reached.
  func noteDatabaseUnavailable() {
    memo.withLock { $0.databaseUnavailable = true }
  }

  /// Forgets the memoized bookings after a mutation changed them.
  func bookingsChanged() {
    memo.withLock { $0.bookings = .pending }
  }
}
