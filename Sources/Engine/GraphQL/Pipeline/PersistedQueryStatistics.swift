import Synchronization

/// What the automatic persisted queries of one pipeline did since it was created: hashes sent
/// alone that were found (hits) or not (misses, answered `PersistedQueryNotFound`), and texts
/// registered. Relaxed atomics: read by a metrics scrape while requests count.
public final class PersistedQueryStatistics: Sendable {
  private let hitCount = Atomic<Int>(0)
  private let missCount = Atomic<Int>(0)
  private let registrationCount = Atomic<Int>(0)

  public init() {}

  /// Hashes sent without their text whose text the store held.
  public var hits: Int { hitCount.load(ordering: .relaxed) }
  /// Hashes sent without their text that the store did not hold.
  public var misses: Int { missCount.load(ordering: .relaxed) }
  /// Texts registered under their hash.
  public var registrations: Int { registrationCount.load(ordering: .relaxed) }

  func hit() { hitCount.add(1, ordering: .relaxed) }
  func miss() { missCount.add(1, ordering: .relaxed) }
  func registered() { registrationCount.add(1, ordering: .relaxed) }
}
