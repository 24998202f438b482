/// The static costs of operations a request processor already checked, by document and operation
/// (keyed like `PlanCache`, whose `DocumentIdentity` is renewed by every edit), for costs that read
/// no variable. Each `GraphQLRequestProcessor` owns one: the cost depends on its cost model.
///
/// Thread-safe (an `LRUCache`).
final class OperationCosts: Sendable {
  struct Entry: Sendable {
    /// Held so the identifier in the key cannot be reused by a new document while the entry lives.
    let document: DocumentIdentity
    let cost: Int
  }

  private let entries = LRUCache<PlanCache.Key, Entry>(capacity: PlanCache.capacity)

  func lookup(_ key: PlanCache.Key) -> Int? { entries.value(for: key)?.cost }

  func store(_ entry: Entry, for key: PlanCache.Key) { entries.store(entry, for: key) }
}
