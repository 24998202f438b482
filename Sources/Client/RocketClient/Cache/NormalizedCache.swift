/// Where the normalized cache keeps its records (apollo-ios's `NormalizedCache`): records by key,
/// each user of each endpoint in a partition of its own. ``CacheStore`` turns answers into records
/// and back; ``SQLiteNormalizedCache`` and ``InMemoryNormalizedCache`` pass the same behavioural
/// test suite.
///
/// Implementation requirements: ``loadRecords(forKeys:in:)`` runs on the caller's thread once per
/// record a read reaches, so it answers quickly; the other methods may block, but not on Swift's
/// cooperative pool; a store merges field by field with ``RecordMerge``; every method is safe to
/// call from many tasks at once.
public protocol NormalizedCache: Sendable {
  /// The records of `keys` that `partition` holds; a key without a record (or only one past the
  /// store's age bound) is absent. A store that cannot be read throws (the read then misses).
  func loadRecords(forKeys keys: Set<String>, in partition: CachePartition) throws(CacheError)
    -> [String: StoredRecord]

  /// Merges `records` into `partition` field by field, whole or not at all, each field stamped
  /// with `origin`'s operation and max-age and the store's clock; returns the keys whose stored
  /// fields changed (the watchers to wake).
  func merge(records: [CacheRecord], into partition: CachePartition, origin: CacheWriteOrigin)
    async throws(CacheError) -> Set<String>

  /// Removes every record of `partition` (at `logout`).
  func removeRecords(in partition: CachePartition) async throws(CacheError)

  /// Removes every record of every partition.
  func clear() async throws(CacheError)
}

extension NormalizedCache {
  /// Merges `records` as the network's answer, without an operation's stamps.
  public func merge(records: [CacheRecord], into partition: CachePartition) async throws(CacheError)
    -> Set<String>
  {
    try await merge(records: records, into: partition, origin: CacheWriteOrigin())
  }
}
