import SQLite
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The records in an SQLite file (apollo-ios's `SQLiteNormalizedCache`): WAL, 0600 in a 0700
/// folder, one partition per endpoint and user, bounded in size (least recently used records go
/// first) and age, shared by a shell and one-shot commands running at once.
///
/// The file is opened at first use. A file that is damaged or not ours is moved aside with one
/// warning and a new one is started; any other problem (permissions, a lock held past the busy
/// timeout) is reported once and the store is left alone for the rest of the process: a cache
/// problem never fails a request the network can answer, so reads then miss and writes are
/// dropped.
///
/// Writes (merges, removals, the hourly note that a record was used) run one at a time on a
/// thread of the store's own (``BlockingWorkQueue``), off Swift's cooperative pool, on a
/// connection of their own. Reads stay on the caller's thread: they are the answer a query waits
/// for, and a hop to another thread per record would cost more than the lookup (a few
/// microseconds on a page in memory). They have a second connection, so in WAL they never wait
/// for a write, ours or another process's, even one stuck on a lock until the busy timeout.
///
/// Thread safety: each connection is behind a `Mutex`; share it freely.
public final class SQLiteNormalizedCache: NormalizedCache {
  /// The cache file.
  public let path: String
  /// The size and age bounds.
  public let limits: CacheLimits
  private let warn: @Sendable (String) -> Void
  /// The clock, in seconds since 1970.
  let now: @Sendable () -> Int64
  /// The writer's connection, used on the ``BlockingWorkQueue``'s thread.
  private let state = Mutex(State())
  /// The readers' connection, used on the callers' threads.
  private let reading = Mutex(Reading())
  /// Set with `State.disabled`, for readers, which never take the writer's lock.
  private let off = Atomic(false)
  /// Counts the files moved aside: a reader still on the old file opens the new one.
  private let fileGeneration = Atomic(0)
  /// Whether records past the age limit were swept in this process yet.
  private let swept = Mutex(false)
  let writer = BlockingWorkQueue()

  private struct State: ~Copyable {
    var database: CacheDatabase?
    /// Set after a problem that moving the file aside did not fix: the cache is off.
    var disabled = false
  }

  private struct Reading: ~Copyable {
    var database: CacheDatabase?
    /// The ``fileGeneration`` `database` was opened in.
    var generation = 0
  }

  /// A store kept in the file at `path` (its folder is created 0700, the file 0600).
  ///
  /// - Parameters:
  ///   - path: the file, such as `$XDG_CACHE_HOME/rocket-reserver/cache.sqlite`.
  ///   - limits: size and age bounds (default 20 MB, 7 days).
  ///   - now: the clock, in seconds since 1970 (default the system clock; tests move it).
  ///   - warn: prints a one-line warning for people (a cache file moved aside, a cache turned off).
  public init(
    path: String, limits: CacheLimits = CacheLimits(),
    now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) },
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.limits = limits
    self.now = now
    self.warn = warn
  }

  // MARK: - NormalizedCache

  /// The records of `keys` in `partition` that the file holds within the maximum age; a use
  /// older than an hour is recorded later, by the writer.
  ///
  /// - Throws: ``CacheError`` when the file cannot be read.
  public func loadRecords(forKeys keys: Set<String>, in partition: CachePartition) throws(CacheError)
    -> [String: StoredRecord]
  {
    let time = now()
    let notBefore = time - maxAgeSeconds
    var stale: [String] = []
    let found = try withReader { database in
      var found: [String: StoredRecord] = [:]
      for key in keys {
        guard
          let (record, used) = try database.load(partition: partition.name, key: key, notBefore: notBefore)
        else { continue }
        if used < time - 3600 { stale.append(key) }
        found[key] = record
      }
      return found
    }
    // Uses are recorded to the hour, and by the writer: a read itself never writes.
    if !stale.isEmpty {
      let name = partition.name
      writer.enqueue { [self, stale] in
        _ = withDatabase { try $0.touch(partition: name, keys: stale, now: time) }
      }
    }
    return found
  }

  /// Merges `records` into `partition` as the network's answer, off the cooperative pool.
  ///
  /// - Returns: the keys whose fields changed.
  public func merge(records: [CacheRecord], into partition: CachePartition) async throws(CacheError)
    -> Set<String>
  {
    try await merge(records: records, into: partition, origin: CacheWriteOrigin())
  }

  /// Merges `records` into `partition`, each field stamped with `origin`, then evicts past
  /// the limits; runs off the cooperative pool.
  ///
  /// - Returns: the keys whose fields changed.
  public func merge(records: [CacheRecord], into partition: CachePartition, origin: CacheWriteOrigin)
    async throws(CacheError) -> Set<String>
  {
    let name = partition.name
    return try await writer.run { [self] () throws(CacheError) -> Set<String> in
      try withDatabaseOrThrow { database in
        let changed = try database.write(partition: name, records: records, origin: origin, now: now())
        try evictIfNeeded(database)
        return changed
      }
    }
  }

  /// Deletes every record of `partition` from the file.
  public func removeRecords(in partition: CachePartition) async throws(CacheError) {
    let name = partition.name
    try await writer.run { [self] () throws(CacheError) in
      try withDatabaseOrThrow { try $0.drop(partition: name) }
    }
  }

  /// Empties the file; it shrinks to its few header pages.
  public func clear() async throws(CacheError) {
    try await writer.run { [self] () throws(CacheError) in
      try withDatabaseOrThrow { try $0.clear() }
    }
  }

  // MARK: - Maintenance

  /// The file, its size, the record count and the age range (expired records swept first).
  /// - Throws: ``CacheError`` when the file cannot be read.
  public func statistics() async throws(CacheError) -> CacheStatistics {
    let counts = try await writer.run { [self] () throws(CacheError) in
      try withDatabaseOrThrow { database in
        try evictIfNeeded(database)
        return try database.statistics()
      }
    }
    return CacheStatistics(
      path: path, fileBytes: Self.fileSize(path) + Self.fileSize(path + "-wal"), records: counts.records,
      oldestWrite: counts.oldest, newestWrite: counts.newest)
  }

  private var maxAgeSeconds: Int64 { limits.maxAge.components.seconds }

  private func evictIfNeeded(_ database: CacheDatabase) throws {
    let sweep = swept.withLock { swept -> Bool in
      defer { swept = true }
      return !swept
    }
    let used = try database.usedBytes()
    if sweep || used > limits.maxBytes {
      try database.evict(maxBytes: limits.maxBytes, notBefore: now() - maxAgeSeconds)
    }
  }

  static func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
  }

  // MARK: - The file

  /// Runs `body` on the readers' connection. A problem makes the read miss, without a warning:
  /// the writer owns the file's repairs and warnings, and is asked to look at a bad file at once.
  func withReader<T>(_ body: (CacheDatabase) throws -> T) throws(CacheError) -> T {
    if off.load(ordering: .acquiring) {
      throw CacheError(path: path, reason: "turned off after an earlier problem")
    }
    let generation = fileGeneration.load(ordering: .acquiring)
    let outcome: Result<T, CacheDatabase.Problem> = reading.withLock { reading in
      if reading.generation != generation {
        reading.database = nil
        reading.generation = generation
      }
      do throws(CacheDatabase.Problem) {
        return .success(try Self.run(body, on: &reading.database, path: path))
      } catch {
        reading.database = nil
        return .failure(error)
      }
    }
    switch outcome {
    case .success(let value):
      return value
    case .failure(let problem):
      if case .unusableFile = problem {
        writer.enqueue { [self] in _ = withDatabase { _ in } }
      }
      throw CacheError(path: path, reason: problem.reason)
    }
  }

  /// Runs `body` on `database`, opening the file at `path` first when it is not open yet; any
  /// failure as the problem it is.
  private static func run<T>(
    _ body: (CacheDatabase) throws -> T, on database: inout CacheDatabase?, path: String
  ) throws(CacheDatabase.Problem) -> sending T {
    let open: CacheDatabase
    if let database {
      open = database
    } else {
      open = try CacheDatabase(path: path)
      database = open
    }
    do {
      return try body(open)
    } catch let error as CacheDatabase.Problem {
      throw error
    } catch let error as SQLiteError {
      throw CacheDatabase.problem(error)
    } catch {
      throw CacheDatabase.Problem.failed("\(error)")
    }
  }

  /// Runs `body` on the open database; nil when the cache is off or `body` failed (then the
  /// problem is handled: a bad file moved aside and retried once, anything else turns it off).
  func withDatabase<T>(_ body: (CacheDatabase) throws -> T) -> T? {
    do {
      return try withDatabaseOrThrow(body)
    } catch {
      return nil
    }
  }

  private func withDatabaseOrThrow<T>(_ body: (CacheDatabase) throws -> T) throws(CacheError) -> T {
    for attempt in 1...2 {
      let outcome: Result<T, CacheDatabase.Problem> = state.withLock { state in
        if state.disabled { return .failure(.failed("turned off after an earlier problem")) }
        do throws(CacheDatabase.Problem) {
          return .success(try Self.run(body, on: &state.database, path: path))
        } catch {
          state.database = nil
          if case .unusableFile = error, attempt == 1 { return .failure(error) }
          state.disabled = true
          off.store(true, ordering: .releasing)
          warn("the cache is off for this run: \(path): \(error.reason)")
          return .failure(error)
        }
      }
      switch outcome {
      case .success(let value):
        return value
      case .failure(.unusableFile(let reason)) where attempt == 1:
        let aside = moveAside()
        fileGeneration.add(1, ordering: .releasing)
        warn(
          "the cache file \(path) could not be used (\(reason)): moved it to \(aside) and started a new one")
      case .failure(let problem):
        throw CacheError(path: path, reason: problem.reason)
      }
    }
    throw CacheError(path: path, reason: "unusable")
  }

  /// Renames the file (and drops its `-wal` and `-shm`) so a new one can be made.
  private func moveAside() -> String {
    let aside = path + ".broken-\(now())"
    _ = rename(path, aside)
    _ = unlink(path + "-wal")
    _ = unlink(path + "-shm")
    return aside
  }
}
