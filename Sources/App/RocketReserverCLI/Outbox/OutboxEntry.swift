/// One change waiting in the ``OutboxStore``: a booking or a cancellation of one launch, made
/// while the server could not be reached, with the `Idempotency-Key` every attempt to send it
/// carries.
struct OutboxEntry: Sendable, Hashable {
  typealias Action = TripChange.Action

  /// The entry's number in its owner's outbox (`outbox drop N`): increasing in queueing order,
  /// from 1 again once that outbox is empty.
  var number: Int
  /// The row that holds it, never reused: what removing it goes by, since a number can come back.
  var storageID: Int
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

  /// `book 42`, `cancel 42`: the change in the words of the command that made it.
  var summary: String { "\(action.rawValue) \(launchID)" }

  /// The change to send: this entry's action on its launch, with its key.
  var change: TripChange { TripChange(action, [launchID], idempotencyKey: idempotencyKey) }
}
