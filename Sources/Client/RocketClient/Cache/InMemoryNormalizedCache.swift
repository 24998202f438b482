import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The records in memory, for tests and short-lived programs: nothing reaches a disk or outlives
/// the process, and nothing is bounded (``SQLiteNormalizedCache`` is). Every call is a dictionary
/// operation under a lock, on the caller's thread.
public final class InMemoryNormalizedCache: NormalizedCache {
  private let now: @Sendable () -> Int64
  private let partitions = Mutex<[CachePartition: [String: StoredRecord]]>([:])

  /// An empty store; `now` stamps writes, in seconds since 1970.
  public init(now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }) {
    self.now = now
  }

  /// The records of `keys` in `partition` that the memory holds.
  public func loadRecords(forKeys keys: Set<String>, in partition: CachePartition) throws(CacheError)
    -> [String: StoredRecord]
  {
    partitions.withLock { partitions in
      guard let records = partitions[partition] else { return [:] }
      return Dictionary(uniqueKeysWithValues: keys.compactMap { key in records[key].map { (key, $0) } })
    }
  }

  /// Merges `records` into `partition`, each field stamped with `origin` and the clock's time.
  public func merge(records: [CacheRecord], into partition: CachePartition, origin: CacheWriteOrigin)
    async throws(CacheError) -> Set<String>
  {
    let time = now()
    return partitions.withLock { partitions in
      var stored = partitions[partition] ?? [:]
      let merged = RecordMerge.merge(records, origin: origin, at: time) { stored[$0] }
      var changed: Set<String> = []
      for (record, didChange) in merged {
        stored[record.record.key] = record
        if didChange { changed.insert(record.record.key) }
      }
      partitions[partition] = stored
      return changed
    }
  }

  /// Forgets every record of `partition`.
  public func removeRecords(in partition: CachePartition) async throws(CacheError) {
    _ = partitions.withLock { $0.removeValue(forKey: partition) }
  }

  /// Forgets every record.
  public func clear() async throws(CacheError) {
    partitions.withLock { $0.removeAll() }
  }
}
