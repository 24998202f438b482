import SQLite
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The records in an SQLite file (apollo-ios's `SQLiteNormalizedCache`): WAL, 0600 in a 0700
/// folder, one partition per endpoint and user, bounded in size (least recently used first) and
/// age, shared by a shell and one-shot commands running at once.
///
/// A damaged or foreign file is moved aside with one warning; any other problem is reported once
/// and turns the cache off for the process, so a cache problem never fails a request. Writes run
/// one at a time on the store's own thread (``BlockingWorkQueue``); reads stay on the caller's
/// thread, since a hop per record would cost more than the lookup. Both use the process's one
/// connection to the file (``SharedConnection``): closing a second descriptor would drop the
/// locks other processes rely on to leave the `-wal` alone.
public final class SQLiteNormalizedCache: NormalizedCache {
  /// The cache file.
  public let path: String
  /// The size and age bounds.
  public let limits: CacheLimits
  private let warn: @Sendable (String) -> Void
  /// The clock, in seconds since 1970.
  let now: @Sendable () -> Int64
  /// The process's connection to the file.
  private let file: SharedConnection
  /// Set after a problem that moving the file aside did not fix: the cache is off.
  private let off = Atomic(false)
  /// Whether records past the age limit were swept in this process yet.
  private let swept = Mutex(false)
  let writer = BlockingWorkQueue()

  /// A store kept in the file at `path` (its folder is created 0700, the file 0600); `now` is
  /// the clock in seconds since 1970, `warn` prints a one-line warning for people.
  public init(
    path: String, limits: CacheLimits = CacheLimits(),
    now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) },
    warn: @escaping @Sendable (String) -> Void
  ) {
    self.path = path
    self.limits = limits
    self.now = now
    self.warn = warn
    file = SharedConnection.forFile(path) { path in try CacheDatabase.open(path: path) }
  }

  // MARK: - NormalizedCache

  /// The records of `keys` in `partition` that the file holds within the maximum age; a use
  /// older than an hour is recorded later, by the writer.
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
        _ = try? withDatabaseOrThrow { try $0.touch(partition: name, keys: stale, now: time) }
      }
    }
    return found
  }

  /// Merges `records` into `partition`, each field stamped with `origin`, then evicts past
  /// the limits; runs off the cooperative pool.
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

  /// Runs `body` for a read. A problem makes the read miss, without a warning: the writer owns
  /// the file's repairs and warnings, and is asked to look at a bad file at once.
  func withReader<T>(_ body: (CacheDatabase) throws -> T) throws(CacheError) -> T {
    if off.load(ordering: .acquiring) {
      throw CacheError(path: path, reason: "turned off after an earlier problem")
    }
    do throws(CacheDatabase.Problem) {
      return try run(body)
    } catch {
      if case .unusableFile = error {
        writer.enqueue { [self] in _ = try? withDatabaseOrThrow { _ in } }
      }
      throw CacheError(path: path, reason: error.reason)
    }
  }

  /// Runs `body` on the file (opened first when it is not open yet); `waiting` is how long a
  /// statement waits for another connection's lock (default the connection's five seconds).
  private func run<T>(_ body: (CacheDatabase) throws -> T, waiting: Int? = nil) throws(CacheDatabase.Problem)
    -> T
  {
    do {
      return try file.withConnection { connection in
        guard let waiting else { return try body(CacheDatabase(connection)) }
        try connection.execute("PRAGMA busy_timeout = \(waiting)")
        defer { try? connection.execute("PRAGMA busy_timeout = 5000") }
        return try body(CacheDatabase(connection))
      }
    } catch let error as CacheDatabase.Problem {
      throw error
    } catch let error as SQLiteError {
      throw CacheDatabase.problem(error)
    } catch {
      throw CacheDatabase.Problem.failed("\(error)")
    }
  }

  /// The writer's way to the file: a lock another program holds is waited for (up to the busy
  /// timeout) in short turns, the connection free between them, so reads on other threads go on.
  /// A bad file is moved aside and retried once; any other problem turns the cache off.
  func withDatabaseOrThrow<T>(_ body: (CacheDatabase) throws -> T) throws(CacheError) -> T {
    let deadline = ContinuousClock.now + .seconds(5)
    var attempt = 1
    while attempt <= 2 {
      if off.load(ordering: .acquiring) {
        throw CacheError(path: path, reason: "turned off after an earlier problem")
      }
      do throws(CacheDatabase.Problem) {
        return try run(body, waiting: 20)
      } catch .busy where ContinuousClock.now < deadline {
        usleep(5_000)
        continue
      } catch .unusableFile(let reason) where attempt == 1 {
        attempt += 1
        var aside = ""
        file.close { aside = moveAside() }
        warn(
          "the cache file \(path) could not be used (\(reason)): moved it to \(aside) and started a new one")
      } catch {
        attempt += 1
        file.close()
        if !off.exchange(true, ordering: .acquiringAndReleasing) {
          warn("the cache is off for this run: \(path): \(error.reason)")
        }
        throw CacheError(path: path, reason: error.reason)
      }
    }
    throw CacheError(path: path, reason: "unusable")
  }

  /// Renames the file (and drops its `-wal` and `-shm`) so a new one can be made; called with
  /// the connection closed.
  private func moveAside() -> String {
    let aside = path + ".broken-\(now())"
    _ = rename(path, aside)
    _ = unlink(path + "-wal")
    _ = unlink(path + "-shm")
    return aside
  }
}
