import Synchronization

/// Where the event log stops being final, for a database whose writers commit at the same time
/// (PostgreSQL): events are only handed out below the horizon, the smallest id a transaction
/// still running may yet commit, so a reader never passes an id that commits later.
///
/// The database computes it (``expression``, in the same statement, so from the same snapshot,
/// as the events read). When events a reader can already see lie at or above it, the reader waits
/// for the transactions before them (polling, 1 ms doubling to 50 ms, at most ``patience``), then
/// returns what is final and records that events were held back; the database's
/// ``CommitWatcher`` then asks the feed to read again soon, since the transaction that held them
/// may end without announcing anything.
final class DeliveryHorizon: Sendable {
  /// An SQL expression: every event with a smaller id is committed or never will be.
  let expression: String
  /// The longest one read waits for older transactions before returning what is final.
  let patience: Duration
  /// How soon the watcher asks for another read after events were held back.
  static let retryInterval: Duration = .milliseconds(50)

  private let heldBack = Atomic<Bool>(false)

  init(expression: String, patience: Duration = .milliseconds(500)) {
    self.expression = expression
    self.patience = patience
  }

  /// Records that a read left committed events behind the horizon.
  func noteHeldBack() { heldBack.store(true, ordering: .relaxed) }

  /// Whether events are waiting behind the horizon since the last ``takeHeldBack()``.
  var isHoldingBack: Bool { heldBack.load(ordering: .relaxed) }

  /// Whether events were held back, clearing the record.
  func takeHeldBack() -> Bool { heldBack.exchange(false, ordering: .relaxed) }
}
