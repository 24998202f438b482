import GraphQLAPI
import GraphQLWire
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The client's normalized cache (apollo-ios's `ApolloStore`): it splits answers into records
/// and rebuilds answers from them, over a ``NormalizedCache`` store that keeps the records, and
/// wakes the watchers of the records a write changed.
public final class CacheStore: Sendable {
  /// Where the records are kept.
  public let cache: any NormalizedCache
  private let watchers = Mutex(Watchers())

  private struct Watchers {
    var next = 0
    var entries: [Int: (partition: CachePartition, keys: Set<String>, changed: @Sendable () -> Void)] = [:]
  }

  /// The clock fields' max-ages are judged by, in seconds since 1970.
  package let now: @Sendable () -> Int64
  /// The mutations' cache updates, by operation name.
  private let updates: [String: CacheUpdate]

  /// A cache keeping its records in `cache`; `now` is the clock a field's age is measured with
  /// (give the store's own), `updates` what each mutation's answer changes beyond the objects
  /// it returns.
  public init(
    _ cache: any NormalizedCache, now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) },
    updates: [CacheUpdate] = []
  ) {
    self.cache = cache
    self.now = now
    self.updates = Dictionary(updates.map { ($0.operation, $0) }, uniquingKeysWith: { $1 })
  }

  // MARK: - Reads and writes

  /// The answer to `operation` from the cache, or what is missing; nil when the store cannot be
  /// read. Runs on the caller's thread (see ``NormalizedCache/loadRecords(forKeys:in:)``).
  /// A field past its max-age is in the result's `stale`; the data still has it.
  package func read(_ operation: CacheableOperation, partition: CachePartition) -> CacheReadResult? {
    read(
      operation.selections, variables: operation.variables, rootKey: operation.rootKey, partition: partition
    )
    .map(\.result)
  }

  /// What reading `selections` from the record `rootKey` finds, with the reader that found it
  /// (the records it read, for `cache show --query`; `traces` notes every field); nil when the
  /// store cannot be read.
  package func read(
    _ selections: [Selection], variables: JSONObject, rootKey: String, partition: CachePartition,
    traces: Bool = false
  ) -> (result: CacheReadResult, reader: CacheReader)? {
    var failed = false
    var reader = CacheReader(variables: variables, now: now()) { [cache] key in
      guard !failed else { return nil }
      do throws(CacheError) {
        return try cache.loadRecords(forKeys: [key], in: partition)[key]
      } catch {
        failed = true
        return nil
      }
    }
    reader.tracesFields = traces
    let data = reader.read(selections, rootKey: rootKey)
    if failed { return nil }
    return (
      CacheReadResult(
        data: data, missing: reader.missing, keysRead: reader.keysRead, writtenAt: reader.oldestWrite,
        stale: reader.stale),
      reader
    )
  }

  /// Writes `data`, the answer to `operation`, into `partition` (a mutation's root left out), and
  /// wakes the watchers of the records that changed. Each field is stamped with the operation and
  /// its max-age: the schema's hint capped by `maxAgeCap` (the answer's `Cache-Control`).
  package func write(
    _ data: JSONObject, for operation: CacheableOperation, partition: CachePartition, maxAgeCap: Int? = nil
  ) async {
    var normalizer = ResponseNormalizer(
      keyedTypes: operation.keyedTypes, variables: operation.variables, hints: operation.hints)
    normalizer.normalize(data, selections: operation.selections, rootKey: operation.rootKey)
    var records = normalizer.records.values.filter {
      $0.key != CacheKeys.mutationRoot && !$0.key.hasPrefix(CacheKeys.mutationRoot + ".")
    }
    var maxAges = normalizer.maxAges
    if let update = updates[operation.name] {
      // Read before the answer's own objects are written: the update sees what they change.
      var edit = CacheEdit { [cache] key in try? cache.loadRecords(forKeys: [key], in: partition)[key] }
      update.apply(data, &edit)
      records.append(contentsOf: edit.changes.values)
      maxAges.merge(edit.maxAges) { old, new in old.merging(new) { $1 } }
    }
    if let cap = maxAgeCap {
      for record in records {
        var ages = maxAges[record.key] ?? [:]
        for field in record.fields.keys { ages[field] = min(ages[field] ?? cap, cap) }
        maxAges[record.key] = ages
      }
    }
    let origin = CacheWriteOrigin(operation: operation.name, maxAges: maxAges)
    guard let changed = try? await cache.merge(records: Array(records), into: partition, origin: origin),
      !changed.isEmpty
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
  /// in `partition`; returns the watcher's number.
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
