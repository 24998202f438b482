/// One change waiting in the ``OutboxStore``: a booking or a cancellation of one launch, made
/// while the server could not be reached, with the `Idempotency-Key` every attempt to send it
/// carries.
///
/// A value type, `Sendable`.
public struct OutboxEntry: Sendable, Hashable {
  /// What the change does.
  public enum Action: String, Sendable, CaseIterable {
    case book
    case cancel
  }

  /// The entry's number in the outbox (`outbox drop N`): increasing in queueing order, never
  /// reused.
  public var number: Int
  public var action: Action
  /// The launch id, as the user typed it (`42`).
  public var launchID: String
  /// The key the server deduplicates resends by: a random UUID, the same for every attempt.
  public var idempotencyKey: String
  /// When it was queued, in seconds since 1970.
  public var queuedAt: Int64
  /// The launch's `isBooked` in the cache before the change was shown there (nil when the cache
  /// held none): what a refusal puts back.
  public var previousIsBooked: Bool?

  public init(
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
  public var summary: String { "\(action.rawValue) \(launchID)" }
}
