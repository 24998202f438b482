import FoundationEssentials
import GraphQLWire
import POSIXFiles
import SQLite

#if canImport(Glibc)
  import Glibc
#endif

/// The cache file's schema and statements (records by partition and key, eviction, statistics)
/// over the process's one connection to `cache.sqlite` (``SharedConnection``): WAL with a busy
/// timeout, created 0600, incremental `auto_vacuum` so deletions give pages back. Not `Sendable`:
/// made for one use of the connection, under its lock.
struct CacheDatabase {
  /// `PRAGMA application_id` of our cache files ("RRCH"): anything else is a foreign file.
  static let applicationID: Int64 = 0x5252_4348
  /// `PRAGMA user_version` of the current schema: 2 added each field's stamp (`stamps`).
  static let schemaVersion: Int64 = 2

  /// Why the file cannot be used as it is.
  enum Problem: Error {
    /// Not a SQLite file, damaged, or another program's database: move it aside and start anew.
    case unusableFile(String)
    /// Another connection holds the write lock: try again a little later.
    case busy(String)
    /// Anything else (permissions, a lock held too long): leave the file alone.
    case failed(String)

    var reason: String {
      switch self {
      case .unusableFile(let reason), .busy(let reason), .failed(let reason): reason
      }
    }
  }

  let connection: Connection

  init(_ connection: Connection) {
    self.connection = connection
  }

  /// Opens (creating if needed) the cache file at `path` and brings its schema up to date.
  static func open(path: String) throws(Problem) -> Connection {
    do {
      try createPrivateFile(path)
      let connection = try Connection(path: path, busyTimeout: .seconds(5))
      try CacheDatabase(connection).prepareSchema()
      return connection
    } catch let problem as Problem {
      throw problem
    } catch let error as SQLiteError {
      throw Self.problem(error)
    } catch {
      throw Problem.failed("\(error)")
    }
  }

  /// The ``Problem`` an SQLite error means.
  static func problem(_ error: SQLiteError) -> Problem {
    switch error.code {
    case .corrupt, .notADatabase: .unusableFile(error.message)
    case .busy: .busy(error.message)
    default: .failed(error.message)
    }
  }

  /// Makes a missing file 0600 (SQLite would make it 0644) and narrows a wider one, by `lstat`
  /// and `chmod`: a descriptor of an existing file opened and closed here would drop the locks
  /// of this process's connection to it (see ``SharedConnection``). A new file has no lock yet.
  private static func createPrivateFile(_ path: String) throws(Problem) {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    if !directory.isEmpty {
      do {
        try PrivateDirectory.ensure(directory)
      } catch {
        throw .failed("\(error)")
      }
    }
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else { throw .failed("\(path) is not a regular file") }
      if info.st_mode & 0o077 != 0 { _ = chmod(path, 0o600) }
      return
    }
    let raw = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    // EEXIST: another process made it since the lstat; SQLite opens what it made.
    guard raw >= 0 || errno == EEXIST else {
      throw .failed("cannot open \(path): \(String(cString: strerror(errno)))")
    }
    if raw >= 0 { Glibc.close(raw) }
  }

  private func prepareSchema() throws {
    // One snapshot, in a read transaction (it never waits for a writer): read one by one, another
    // process's creation could commit between the reads and make a new cache look foreign.
    let (application, version, tables) = try connection.transaction("BEGIN DEFERRED") {
      let application = try pragma("application_id")
      let version = try pragma("user_version")
      let tables =
        try connection.queryFirst("SELECT count(*) FROM sqlite_master") { try $0.column(0, as: Int64.self) }
      return (application, version, tables ?? 0)
    }
    if application == Self.applicationID && version == Self.schemaVersion { return }
    if application == Self.applicationID && version == 1 {
      try migrateFromVersion1()
      return
    }
    guard application == 0 && tables == 0 else {
      throw Problem.unusableFile(
        application == Self.applicationID
          ? "made by another version (schema \(version))" : "not a rocket-reserver cache")
    }
    // Must precede the first table: it cannot be switched on afterwards.
    try connection.execute("PRAGMA auto_vacuum = INCREMENTAL")
    try connection.inTransaction { db in
      // Another process may have created it since we looked.
      let created = try db.queryFirst("SELECT count(*) FROM sqlite_master") {
        try $0.column(0, as: Int64.self)
      }
      guard created == 0 else { return .rollback }
      try db.execute(
        """
        CREATE TABLE records (
          partition TEXT NOT NULL,
          key TEXT NOT NULL,
          fields TEXT NOT NULL,
          size INTEGER NOT NULL,
          written INTEGER NOT NULL,
          used INTEGER NOT NULL,
          stamps TEXT,
          PRIMARY KEY (partition, key)
        ) WITHOUT ROWID;
        CREATE INDEX records_by_use ON records (used);
        CREATE INDEX records_by_write ON records (written);
        PRAGMA application_id = \(Self.applicationID);
        PRAGMA user_version = \(Self.schemaVersion);
        """)
      return .commit
    }
    guard try pragma("application_id") == Self.applicationID else {
      throw Problem.unusableFile("not a rocket-reserver cache")
    }
    // Switching the new file to WAL wrote its first page, so the setting takes a VACUUM (of an
    // empty file: instant) to apply.
    if try pragma("auto_vacuum") != 2 { try connection.execute("VACUUM") }
  }

  /// Adds the fields' stamps to a file of schema 1 in place: each old field counts as written with
  /// its record, by an unknown operation, without a max-age. Another process may have done it
  /// since we looked, hence the second look inside the transaction.
  private func migrateFromVersion1() throws {
    try connection.inTransaction { db in
      let version = try db.queryFirst("PRAGMA user_version") { try $0.column(0, as: Int64.self) } ?? 0
      guard version == 1 else { return .rollback }
      try db.execute(
        """
        ALTER TABLE records ADD COLUMN stamps TEXT;
        PRAGMA user_version = \(Self.schemaVersion);
        """)
      return .commit
    }
    let version = try pragma("user_version")
    guard version == Self.schemaVersion else {
      throw Problem.unusableFile("made by another version (schema \(version))")
    }
  }

  private func pragma(_ name: String) throws -> Int64 {
    try connection.queryFirst("PRAGMA \(name)") { try $0.column(0, as: Int64.self) } ?? 0
  }

  // MARK: - Records

  /// The record `key` of `partition` with its fields' stamps, unless it was written before
  /// `notBefore`.
  func load(partition: String, key: String, notBefore: Int64) throws -> (StoredRecord, used: Int64)? {
    guard let (record, used) = try load(partition: partition, key: key), record.writtenAt >= notBefore
    else { return nil }
    return (record, used)
  }

  private func load(partition: String, key: String) throws -> (StoredRecord, used: Int64)? {
    let row = try connection.queryFirst(
      "SELECT fields, written, used, stamps FROM records WHERE partition = ? AND key = ?", [partition, key]
    ) { row in
      (
        try row.column(0, as: String.self), try row.column(1, as: Int64.self),
        try row.column(2, as: Int64.self), try row.column(3, as: String?.self)
      )
    }
    guard let (text, written, used, stampText) = row else { return nil }
    guard let record = CacheRecord(key: key, storedText: text) else {
      throw Problem.unusableFile("record \(key) is not JSON")
    }
    // Stamps that cannot be read only cost the max-ages: the fields are as old as the record.
    let stamps =
      stampText.flatMap { CacheFieldStamp.stamps(storedText: $0, fields: record.fields.keys) } ?? [:]
    return (StoredRecord(record: record, writtenAt: written, stamps: stamps), used)
  }

  /// Marks `keys` as used at `now` (for least-recently-used eviction).
  func touch(partition: String, keys: [String], now: Int64) throws {
    guard !keys.isEmpty else { return }
    try connection.inTransaction { db in
      for key in keys {
        try db.run("UPDATE records SET used = ? WHERE partition = ? AND key = ?", [now, partition, key])
      }
      return .commit
    }
  }

  /// Merges `records` into `partition` in one transaction (``RecordMerge``), each field written
  /// stamped with `origin`; returns the keys whose stored fields changed.
  func write(partition: String, records: [CacheRecord], origin: CacheWriteOrigin, now: Int64) throws
    -> Set<String>
  {
    var changed: Set<String> = []
    try connection.inTransaction { db in
      let merged = try RecordMerge.merge(records, origin: origin, at: now) { key in
        try load(partition: partition, key: key)?.0
      }
      for (stored, didChange) in merged {
        let record = stored.record
        if didChange { changed.insert(record.key) }
        let text = record.storedText
        let stamps = CacheFieldStamp.storedText(stored.stamps)
        try db.run(
          """
          INSERT INTO records (partition, key, fields, size, written, used, stamps) VALUES (?, ?, ?, ?, ?, ?, ?)
          ON CONFLICT (partition, key) DO UPDATE SET
            fields = excluded.fields, size = excluded.size, written = excluded.written, used = excluded.used,
            stamps = excluded.stamps
          """,
          [
            partition, record.key, text, text.utf8.count + record.key.utf8.count + stamps.utf8.count, now,
            now,
            stamps,
          ])
      }
      return .commit
    }
    return changed
  }

  /// Deletes every record of `partition`.
  func drop(partition: String) throws {
    try connection.run("DELETE FROM records WHERE partition = ?", [partition])
    try shrink()
  }

  func clear() throws {
    try connection.run("DELETE FROM records")
    try shrink()
  }

  /// Deletes records written before `notBefore`, then the least recently used while the used
  /// pages exceed `maxBytes`, then gives the free pages back; returns how many went.
  @discardableResult
  func evict(maxBytes: Int, notBefore: Int64) throws -> Int {
    try connection.run("DELETE FROM records WHERE written < ?", [notBefore])
    var deleted = connection.changes
    var rounds = 0
    while try usedBytes() > maxBytes, rounds < 64 {
      let count =
        try connection.queryFirst("SELECT count(*) FROM records") { try $0.column(0, as: Int.self) } ?? 0
      guard count > 0 else { break }
      // A tenth at a time (at least 50), oldest use first: pages empty out as rows go.
      try connection.run(
        "DELETE FROM records WHERE (partition, key) IN (SELECT partition, key FROM records ORDER BY used LIMIT ?)",
        [max(50, count / 10)])
      deleted += connection.changes
      rounds += 1
    }
    if deleted > 0 { try shrink() }
    return deleted
  }

  /// The bytes of the file's pages that hold data (free pages left out).
  func usedBytes() throws -> Int {
    Int(try pragma("page_count") - pragma("freelist_count")) * Int(try pragma("page_size"))
  }

  /// Frees the pages deleted rows left, and checkpoints so the main file is cut to size.
  private func shrink() throws {
    try connection.execute("PRAGMA incremental_vacuum")
    // Truncation reaches the main file at a checkpoint; a busy reader only delays it.
    _ = try? connection.query("PRAGMA wal_checkpoint(TRUNCATE)") { _ in () }
  }

  /// Counts and bounds for `cache`.
  func statistics() throws -> (records: Int, oldest: Int64?, newest: Int64?) {
    try connection.queryFirst("SELECT count(*), min(written), max(written) FROM records") { row in
      (
        try row.column(0, as: Int.self), try row.column(1, as: Int64?.self),
        try row.column(2, as: Int64?.self)
      )
    } ?? (0, nil, nil)
  }
}
