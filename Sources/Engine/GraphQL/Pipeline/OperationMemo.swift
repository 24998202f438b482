/// What a request processor already worked out about an operation from its document alone (the
/// static cost of one that reads no variable, the cache policy of a query), by document and
/// operation, keyed like `PlanCache`, whose `DocumentIdentity` is renewed by every edit. Each
/// `GraphQLRequestProcessor` owns its memos: the values depend on its cost model and hints.
///
/// Thread-safe (an `LRUCache`).
final class OperationMemo<Value: Sendable>: Sendable {
  struct Entry: Sendable {
    /// Held so the identifier in the key cannot be reused by a new document while the entry lives.
    let document: DocumentIdentity
    let value: Value
  }

  private let entries = LRUCache<PlanCache.Key, Entry>(capacity: PlanCache.capacity)

  func lookup(_ key: PlanCache.Key) -> Value? { entries.value(for: key)?.value }

  func store(_ entry: Entry, for key: PlanCache.Key) { entries.store(entry, for: key) }
}
