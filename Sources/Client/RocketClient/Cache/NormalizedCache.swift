/// Where the normalized cache keeps its records (apollo-ios's `NormalizedCache`): records by key,
/// each user of each endpoint in a partition of its own.
///
/// A store only keeps records; ``CacheStore`` turns answers into records and back, and runs the
/// watchers. Two stores come with the client: ``SQLiteNormalizedCache`` (a file, bounded in size
/// and age, shared between processes) and ``InMemoryNormalizedCache`` (for tests and short-lived
/// programs). Both pass the same behavioural test suite.
///
/// Implementation requirements:
/// - ``loadRecords(forKeys:in:)`` is synchronous and called on the caller's thread, once per
///   record a read reaches, so it must answer quickly (no waiting on the network or on long locks).
/// - ``merge(records:into:origin:)``, ``removeRecords(in:)`` and ``clear()`` may do blocking I/O, but not
///   on Swift's cooperative thread pool: a store that blocks hands the work to a thread of its own
///   and suspends the caller meanwhile.
/// - A store merges field by field with ``RecordMerge``, so every store keeps the same records.
/// - Every method is safe to call from many tasks at once.
public protocol NormalizedCache: Sendable {
  /// The records of `keys` that `partition` holds; a key the store has no record for (or only
  /// one past the store's age bound) is absent from the result.
  ///
  /// - Throws: ``CacheError`` when the store cannot be read (the read then misses).
  func loadRecords(forKeys keys: Set<String>, in partition: CachePartition) throws(CacheError)
    -> [String: StoredRecord]

  /// Merges `records` into `partition` field by field (``RecordMerge``), in one step that either
  /// happens whole or not at all, stamped with the store's clock.
  ///
  /// - Returns: the keys whose stored fields changed (the watchers to wake).
  /// - Throws: ``CacheError`` when the store cannot be changed (the answer is then not kept).
  func merge(records: [CacheRecord], into partition: CachePartition) async throws(CacheError) -> Set<String>

  /// Merges `records` as ``merge(records:into:)`` does, stamping each field it writes with
  /// `origin`'s operation and the field's max-age (``RecordMerge/merge(_:origin:at:over:)``), so
  /// a read can tell a stale field and `cache show` who wrote it.
  ///
  /// The default forgets `origin` (a store without stamps: every field keeps the store's age bound).
  ///
  /// - Returns: the keys whose stored fields changed (the watchers to wake).
  /// - Throws: ``CacheError`` when the store cannot be changed (the answer is then not kept).
  func merge(records: [CacheRecord], into partition: CachePartition, origin: CacheWriteOrigin)
    async throws(CacheError) -> Set<String>

  /// Removes every record of `partition` (at `logout`).
  ///
  /// - Throws: ``CacheError`` when the store cannot be changed.
  func removeRecords(in partition: CachePartition) async throws(CacheError)

  /// Removes every record of every partition.
  ///
  /// - Throws: ``CacheError`` when the store cannot be changed.
  func clear() async throws(CacheError)
}

extension NormalizedCache {
  /// For a store that keeps no writer stamps: merges as ``merge(records:into:)`` does, the
  /// origin left out.
  public func merge(records: [CacheRecord], into partition: CachePartition, origin: CacheWriteOrigin)
    async throws(CacheError) -> Set<String>
  {
    try await merge(records: records, into: partition)
  }
}
