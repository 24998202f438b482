/// One change to the logged-in user's trips: book or cancel some launches, with the
/// `Idempotency-Key` its requests carry. `book`, `cancel` and the outbox's sender all send it the
/// one way (``send(with:)``), so they agree on what "already booked" means.
struct TripChange: Sendable, Hashable {
  enum Action: String, Sendable, CaseIterable {
    case book
    case cancel
  }

  var action: Action
  /// The launch ids, in the order asked, each once.
  var launchIDs: [String]
  /// The key the server deduplicates resends by: a random UUID.
  var idempotencyKey: String

  init(_ action: Action, _ launchIDs: [String], idempotencyKey: String) {
    self.action = action
    var unique: [String] = []
    for id in launchIDs where !unique.contains(id) { unique.append(id) }
    self.launchIDs = unique
    self.idempotencyKey = idempotencyKey
  }

  /// The key of the request that changes launch `id`: the change's own when one request carries
  /// it (a booking of all its ids, or a cancellation of one), else the change's key with the id
  /// (each cancellation is a request of its own, and a key names one request).
  func key(for id: String) -> String {
    action == .book || launchIDs.count == 1 ? idempotencyKey : "\(idempotencyKey)-\(id)"
  }

  /// `book 4 5`, `cancel 7`: the change in the words of the command that made it.
  var summary: String { "\(action.rawValue) \(launchIDs.joined(separator: " "))" }
}
