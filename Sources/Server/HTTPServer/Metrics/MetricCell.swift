import Synchronization

/// One integer a metric adds to from any thread: a relaxed atomic, no lock or allocation.
package final class MetricCell: Sendable {
  private let value = Atomic<Int>(0)

  package init() {}

  /// Adds `amount` (negative for a gauge going down).
  @inline(__always)
  package func add(_ amount: Int) { value.add(amount, ordering: .relaxed) }

  /// The current value.
  package var load: Int { value.load(ordering: .relaxed) }
}
