import Synchronization

/// Counts the long-lived connections a server holds against their own limit.
final class StreamingBudget: Sendable {
  /// The most long-lived connections at once.
  let limit: Int
  private let open = Atomic<Int>(0)

  init(limit: Int) {
    self.limit = limit
  }

  /// Takes a slot; false when all are taken.
  func reserve() -> Bool {
    if open.add(1, ordering: .relaxed).newValue <= limit { return true }
    open.subtract(1, ordering: .relaxed)
    return false
  }

  func release() {
    open.subtract(1, ordering: .relaxed)
  }
}
