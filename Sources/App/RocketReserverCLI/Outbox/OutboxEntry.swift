/// One change waiting in the ``OutboxStore``: a booking or a cancellation of one launch, made
/// while the server could not be reached, with the `Idempotency-Key` every attempt to send it
/// carries.
///
/// A value type, `Sendable`.
struct OutboxEntry: Sendable, Hashable {
  /// What the change does.
  enum Action: String, Sendable, CaseIterable {
    case book
    case cancel
  }

  /// The entry's number in the outbox (`outbox drop N`): increasing in queueing order, never
  /// reused.
  var number: Int
  var action: Action
  /// The launch id, as the user typed it (`42`).
  var launchID: String
  /// The key the server deduplicates resends by: a random UUID, the same for every attempt.
  var idempotencyKey: String
  /// When it was queued, in seconds since 1970.
  var queuedAt: Int64
  /// The launch's `isBooked` in the cache before the change was shown there (nil when the cache
  /// held none): what a refusal puts back.
  var previousIsBooked: Bool?

  init(
    number: Int, action: Action, launchID: String, idempotencyKey: String, queuedAt: Int64,
    previousIsBooked: Bool?
  ) {
    self.number = number
    self.action = action
    self.launchID = launchID
    self.idempotencyKey = idempotencyKey
    self.queuedAt = queuedAt
    self.previousIsBooked = previousIsBooked
  }

  /// `book 42`, `cancel 42`: the change in the words of the command that made it.
  var summary: String { "\(action.rawValue) \(launchID)" }
}
