import GraphQLWire
import Synchronization

/// The client's normalized cache (apollo-ios's `ApolloStore`): it splits answers into records
/// and rebuilds answers from them, over a ``NormalizedCache`` store that keeps the records, and
/// wakes the watchers of the records a write changed.
///
/// For example, a client whose cache lives as long as the program:
/// ```swift
/// let client = RocketClient(
///   transport: transport, credentials: nil, endpointKey: url.absoluteString,
///   cache: CacheStore(InMemoryNormalizedCache()))
/// ```
///
/// Thread safety: the watchers are behind a `Mutex`, the store is `Sendable`; share it freely.
public final class CacheStore: Sendable {
  /// Where the records are kept.
  public let cache: any NormalizedCache
  private let watchers = Mutex(Watchers())

  private struct Watchers {
    var next = 0
    var entries: [Int: (partition: CachePartition, keys: Set<String>, changed: @Sendable () -> Void)] = [:]
  }

  /// A cache keeping its records in `cache`.
  ///
  /// - Parameter cache: a ``SQLiteNormalizedCache`` or an ``InMemoryNormalizedCache``.
  public init(_ cache: any NormalizedCache) {
    self.cache = cache
  }

  // MARK: - Reads and writes

  /// The answer to `operation` from the cache, or what is missing; nil when the store cannot be
  /// read. Runs on the caller's thread (see ``NormalizedCache/loadRecords(forKeys:in:)``).
  package func read(_ operation: CacheableOperation, partition: CachePartition) -> CacheReadResult? {
    var failed = false
    var reader = CacheReader(variables: operation.variables) { [cache] key in
      guard !failed else { return nil }
      do throws(CacheError) {
        return try cache.loadRecords(forKeys: [key], in: partition)[key].map { ($0.record, $0.writtenAt) }
      } catch {
        failed = true
        return nil
      }
    }
    let data = reader.read(operation.selections, rootKey: operation.rootKey)
    if failed { return nil }
    return CacheReadResult(
      data: data, missing: reader.missing, keysRead: reader.keysRead, writtenAt: reader.oldestWrite)
  }

  /// Writes `data`, the answer to `operation`, into `partition`, and wakes the watchers of the
  /// records that changed. A mutation's own root is not kept, only the objects it returned. A
  /// store that cannot be written leaves the answer unkept (the store reports why).
  package func write(_ data: JSONObject, for operation: CacheableOperation, partition: CachePartition) async {
    var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
    normalizer.normalize(data, selections: operation.selections, rootKey: operation.rootKey)
    let records = normalizer.records.values.filter {
      $0.key != CacheKeys.mutationRoot && !$0.key.hasPrefix(CacheKeys.mutationRoot + ".")
    }
    guard let changed = try? await cache.merge(records: Array(records), into: partition), !changed.isEmpty
    else { return }
    notify(partition: partition, changed: changed)
  }

  /// Forgets everything cached for `partition` (at `logout`); a store that cannot be changed
  /// keeps it (and reports why).
  public func drop(_ partition: CachePartition) async {
    try? await cache.removeRecords(in: partition)
  }

  // MARK: - Watchers

  /// Calls `changed` whenever a write through this store changes one of the records of `keys`
  /// in `partition`.
  /// - Returns: the watcher's number, for ``updateWatcher(_:keys:)`` and ``removeWatcher(_:)``.
  package func addWatcher(
    partition: CachePartition, keys: Set<String>, changed: @escaping @Sendable () -> Void
  ) -> Int {
    watchers.withLock { watchers in
      watchers.next += 1
      watchers.entries[watchers.next] = (partition, keys, changed)
      return watchers.next
    }
  }

  /// Replaces the records watcher `id` depends on (after each read).
  package func updateWatcher(_ id: Int, keys: Set<String>) {
    watchers.withLock { $0.entries[id]?.keys = keys }
  }

  /// Stops watcher `id`.
  package func removeWatcher(_ id: Int) {
    _ = watchers.withLock { $0.entries.removeValue(forKey: id) }
  }

  private func notify(partition: CachePartition, changed: Set<String>) {
    let callbacks = watchers.withLock { watchers in
      watchers.entries.values.filter { $0.partition == partition && !$0.keys.isDisjoint(with: changed) }
        .map(\.changed)
    }
    for callback in callbacks { callback() }
  }
}
