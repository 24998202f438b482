import FoundationEssentials
import GraphQLAPI
import GraphQLWire
import SQLite
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The client's normalized cache, kept in SQLite (apollo-ios's `ApolloStore` over a
/// `SQLiteNormalizedCache`), bounded in size and age, with watchers.
///
/// The file is opened at first use. A file that is damaged or not ours is moved aside with one
/// warning and a new one is started; any other problem (permissions, a lock held past the busy
/// timeout) is reported once and the cache is left alone for the rest of the process: a cache
/// problem never fails a request the network can answer, so reads then miss and writes are
/// dropped.
///
/// Thread safety: the connection and the watchers are behind `Mutex`es; share it freely. Calls
/// block the calling thread for the SQLite work (a few milliseconds).
public final class NormalizedCache: Sendable {
  /// The cache file.
  public let path: String
  /// The size and age bounds.
  public let limits: CacheLimits
  private let warn: @Sendable (String) -> Void
  /// The clock, in seconds since 1970.
  package let now: @Sendable () -> Int64
  private let state = Mutex(State())
  /// Whether records past the age limit were swept in this process yet.
  private let swept = Mutex(false)
  private let watchers = Mutex(Watchers())

  private struct State: ~Copyable {
    var database: CacheDatabase?
    /// Set after a problem that moving the file aside did not fix: the cache is off.
    var disabled = false
  }

  private struct Watchers {
    var next = 0
    var entries: [Int: (partition: String, keys: Set<String>, changed: @Sendable () -> Void)] = [:]
  }

  /// A cache kept in the file at `path` (its folder is created 0700).
  ///
  /// - Parameters:
  ///   - path: the file, usually ``ApplicationDirectories/cacheDatabaseFile``.
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

  // MARK: - Reads and writes

  /// The answer to `operation` from the cache, or what is missing.
  package func read(_ operation: CacheableOperation, partition: CachePartition) -> CacheReadResult? {
    let result: CacheReadResult? = withDatabase { database in
      let notBefore = now() - maxAgeSeconds
      var stale: [String] = []
      var failure: (any Error)?
      let touchBefore = now() - 3600
      var reader = CacheReader(variables: operation.variables) { key in
        guard failure == nil else { return nil }
        do {
          guard
            let (loaded, used) = try database.load(partition: partition.name, key: key, notBefore: notBefore)
          else { return nil }
          if used < touchBefore { stale.append(key) }
          return loaded
        } catch {
          failure = error
          return nil
        }
      }
      let data = reader.read(operation.selections, rootKey: operation.rootKey)
      if let failure { throw failure }
      // Uses are recorded to the hour: a read writes only when the hour turned.
      try database.touch(partition: partition.name, keys: stale, now: now())
      return CacheReadResult(
        data: data, missing: reader.missing, keysRead: reader.keysRead, writtenAt: reader.oldestWrite)
    }
    return result
  }

  /// Writes `data`, the answer to `operation`, into `partition`, and wakes the watchers of the
  /// records that changed. A mutation's own root is not kept, only the objects it returned.
  package func write(_ data: JSONObject, for operation: CacheableOperation, partition: CachePartition) {
    var normalizer = ResponseNormalizer(keyedTypes: operation.keyedTypes, variables: operation.variables)
    normalizer.normalize(data, selections: operation.selections, rootKey: operation.rootKey)
    let records = normalizer.records.values.filter {
      $0.key != CacheKeys.mutationRoot && !$0.key.hasPrefix(CacheKeys.mutationRoot + ".")
    }
    let changed: Set<String>? = withDatabase { database in
      let time = now()
      let changed = try database.write(partition: partition.name, records: Array(records), now: time)
      try evictIfNeeded(database)
      return changed
    }
    if let changed, !changed.isEmpty { notify(partition: partition.name, changed: changed) }
  }

  // MARK: - Maintenance

  /// Forgets everything cached for `partition` (at `logout`).
  public func drop(_ partition: CachePartition) {
    let _: Void? = withDatabase { try $0.drop(partition: partition.name) }
  }

  /// Empties the cache; the file shrinks to its few header pages.
  /// - Throws: ``CacheError`` when the file cannot be changed.
  public func clear() throws(CacheError) {
    try withDatabaseOrThrow { try $0.clear() }
  }

  /// The file, its size, the record count and the age range (expired records swept first).
  /// - Throws: ``CacheError`` when the file cannot be read.
  public func statistics() throws(CacheError) -> CacheStatistics {
    let counts = try withDatabaseOrThrow { database in
      try evictIfNeeded(database)
      return try database.statistics()
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

  // MARK: - Watchers

  /// Calls `changed` whenever a write in this process changes one of the records of `keys` in
  /// `partition`.
  /// - Returns: the watcher's number, for ``updateWatcher(_:keys:)`` and ``removeWatcher(_:)``.
  package func addWatcher(
    partition: CachePartition, keys: Set<String>, changed: @escaping @Sendable () -> Void
  ) -> Int {
    watchers.withLock { watchers in
      watchers.next += 1
      watchers.entries[watchers.next] = (partition.name, keys, changed)
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

  private func notify(partition: String, changed: Set<String>) {
    let callbacks = watchers.withLock { watchers in
      watchers.entries.values.filter { $0.partition == partition && !$0.keys.isDisjoint(with: changed) }
        .map(\.changed)
    }
    for callback in callbacks { callback() }
  }

  // MARK: - The file

  /// Runs `body` on the open database; nil when the cache is off or `body` failed (then the
  /// problem is handled: a bad file moved aside and retried once, anything else turns it off).
  private func withDatabase<T>(_ body: (CacheDatabase) throws -> T) -> T? {
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
          let database: CacheDatabase
          if let open = state.database {
            database = open
          } else {
            database = try CacheDatabase(path: path)
            state.database = database
          }
          do {
            return .success(try body(database))
          } catch let error as CacheDatabase.Problem {
            throw error
          } catch let error as SQLiteError {
            throw CacheDatabase.problem(error)
          } catch {
            throw CacheDatabase.Problem.failed("\(error)")
          }
        } catch {
          state.database = nil
          if case .unusableFile = error, attempt == 1 { return .failure(error) }
          state.disabled = true
          warn("the cache is off for this run: \(path): \(error.reason)")
          return .failure(error)
        }
      }
      switch outcome {
      case .success(let value):
        return value
      case .failure(.unusableFile(let reason)) where attempt == 1:
        let aside = moveAside()
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

/// The cache file could not be used; the message names it.
public struct CacheError: Error, Sendable, Equatable, CustomStringConvertible {
  public var path: String
  public var reason: String

  public var description: String { "cannot use the cache file \(path): \(reason)" }
}

/// What a cache read found.
package struct CacheReadResult: Sendable {
  /// The whole answer's `data`, or nil when something is missing.
  package var data: JSONObject?
  /// `record.field` for each missing field.
  package var missing: [String]
  /// The records the read depended on.
  package var keysRead: Set<String>
  /// When the oldest record used was written (seconds since 1970).
  package var writtenAt: Int64?
}
