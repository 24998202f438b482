import SQL
import Synchronization

/// The thread-safe way to use one SQLite file: the object the rest of the program holds.
///
/// It owns one writer connection behind a `Mutex` (SQLite allows one writer at a time anyway)
/// and a set of reader connections. In WAL mode readers run beside the writer and see the last
/// committed state. Callers on any thread (libmicrohttpd's pool threads, Swift tasks) may call
/// ``read(_:)`` and ``write(_:)`` at once. Several pools, in several processes, may open the
/// same file: writers then queue on SQLite's lock, waiting up to the busy timeout.
///
/// The calls are synchronous and block the calling thread for the duration of the body.
///
/// A pool made with ``init(sharingOneConnection:migrator:busyTimeout:)`` has no readers: reads and
/// writes take turns on the process's one connection to the file (``SharedConnection``), which is
/// what a client process that shares the file with others wants.
///
/// - warning: Do not call ``write(_:)`` from inside a `write` body: the writer lock is not
///   reentrant. A `read` inside a `write` is allowed but does not see the uncommitted changes
///   (in a pool of one connection it is not allowed: it would wait for itself).
public final class DatabasePool: Sendable {
  /// The database file.
  public let path: String
  private let busyTimeout: Duration
  /// Idle readers kept open for reuse; more may be open for a moment under load.
  private let maxIdleReaders: Int
  /// `nil` once the pool is closed.
  private let writer: Mutex<PooledConnection?>
  private let readers: Mutex<ReaderState>
  /// Readers checked out now; writes that waited for the writer; connections that could not be
  /// opened (for ``statistics``).
  private let readersInUse = Atomic<Int>(0)
  private let writerInUse = Atomic<Int>(0)
  private let writerWaits = Atomic<Int>(0)
  private let connectFailures = Atomic<Int>(0)
  /// The one connection of a pool that has no readers of its own.
  public let sharedConnection: SharedConnection?
  private let sharedIsClosed = Atomic(false)

  /// Opens (creating if needed) the database at `path` and applies `migrator`'s migrations.
  ///
  /// - Parameters:
  ///   - path: the database file; its directory must exist.
  ///   - migrator: the schema history to apply before the pool is used (default none).
  ///   - maxIdleReaders: reader connections kept open between reads (default 8). Size it to the
  ///     number of threads that read at once: a read beyond it opens and closes a connection.
  ///   - busyTimeout: how long to wait for another process's lock (default 5 seconds).
  /// - Throws: ``SQLiteError`` when the file cannot be opened, or ``MigrationError``.
  public init(
    path: String, migrator: Migrator = Migrator(), maxIdleReaders: Int = 8,
    busyTimeout: Duration = .seconds(5)
  ) throws {
    let connection = try Connection(path: path, busyTimeout: busyTimeout)
    try migrator.migrate(connection)
    self.path = path
    self.busyTimeout = busyTimeout
    self.maxIdleReaders = maxIdleReaders
    self.writer = Mutex(PooledConnection(connection))
    self.readers = Mutex(ReaderState())
    sharedConnection = nil
  }

  /// Opens (creating if needed) the database at `path` on the process's one connection to it,
  /// applying `migrator`'s migrations when it first opens; reads and writes take turns on it.
  ///
  /// - Throws: ``SQLiteError`` when the file cannot be opened, or ``MigrationError``.
  public init(
    sharingOneConnection path: String, migrator: Migrator = Migrator(), busyTimeout: Duration = .seconds(5)
  ) throws {
    let shared = SharedConnection.forFile(path) { path in
      let connection = try Connection(path: path, busyTimeout: busyTimeout)
      try migrator.migrate(connection)
      return connection
    }
    // Opened now, so that a file that cannot be used says so here, as a pool of its own does.
    try shared.withConnection { _ in }
    self.path = path
    self.busyTimeout = busyTimeout
    self.maxIdleReaders = 0
    self.writer = Mutex(nil)
    self.readers = Mutex(ReaderState(idle: [], isClosed: true))
    sharedConnection = shared
  }

  /// Runs `body` on a reader connection inside a read transaction, so every statement in it sees
  /// the same committed snapshot. Writes in `body` fail with `SQLITE_READONLY`.
  ///
  /// - Returns: what `body` returns.
  /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE` once the pool is closed), or what `body` throws.
  public func read<T>(_ body: (Connection) throws -> T) throws -> T {
    if let sharedConnection {
      guard !sharedIsClosed.load(ordering: .acquiring) else { throw Self.closedError }
      return try sharedConnection.withConnection { connection in
        try connection.transaction("BEGIN DEFERRED") { try body(connection) }
      }
    }
    let pooled = try checkOutReader()
    readersInUse.add(1, ordering: .relaxed)
    defer {
      readersInUse.subtract(1, ordering: .relaxed)
      checkIn(pooled)
    }
    let connection = pooled.connection
    try connection.run("BEGIN DEFERRED")
    defer { if connection.isInTransaction { try? connection.run("COMMIT") } }
    return try body(connection)
  }

  /// Runs `body` on the writer connection inside a `BEGIN IMMEDIATE` transaction, committed
  /// when `body` returns and rolled back when it throws.
  ///
  /// - Returns: what `body` returns.
  /// - Throws: ``SQLiteError`` (`SQLITE_BUSY` if another process holds the write lock past the
  ///   busy timeout, `SQLITE_MISUSE` once the pool is closed), or what `body` throws.
  public func write<T>(_ body: (Connection) throws -> T) throws -> T {
    try writeWithoutTransaction { connection in try connection.transaction { try body(connection) } }
  }

  /// Runs `body` on the writer connection with no transaction around it (for `VACUUM`, pragmas,
  /// or a body that manages its own ``Connection/inTransaction(_:)``).
  ///
  /// - Throws: ``SQLiteError`` (`SQLITE_MISUSE` once the pool is closed), or what `body` throws.
  public func writeWithoutTransaction<T>(_ body: (Connection) throws -> T) throws -> T {
    // Counted without taking the lock: a write that finds the writer in use waits for it.
    if writerInUse.load(ordering: .relaxed) > 0 { writerWaits.add(1, ordering: .relaxed) }
    if let sharedConnection {
      guard !sharedIsClosed.load(ordering: .acquiring) else { throw Self.closedError }
      writerInUse.add(1, ordering: .relaxed)
      defer { writerInUse.subtract(1, ordering: .relaxed) }
      return try sharedConnection.withConnection(body)
    }
    return try writer.withLock { pooled in
      guard let pooled else { throw Self.closedError }
      writerInUse.add(1, ordering: .relaxed)
      defer { writerInUse.subtract(1, ordering: .relaxed) }
      return try body(pooled.connection)
    }
  }

  /// What the connections are doing now, and waited and failed since the pool opened: the
  /// writer and the readers (which have no fixed bound).
  public var statistics: SQLPoolStatistics {
    let idle = readers.withLock { $0.idle.count }
    let inUse = readersInUse.load(ordering: .relaxed) + writerInUse.load(ordering: .relaxed)
    let writerOpen =
      sharedConnection.map { _ in !sharedIsClosed.load(ordering: .relaxed) }
      ?? writer.withLockIfAvailable { $0 != nil } ?? true
    return SQLPoolStatistics(
      maxConnections: nil,
      openConnections: idle + readersInUse.load(ordering: .relaxed) + (writerOpen ? 1 : 0),
      inUse: inUse, waits: writerWaits.load(ordering: .relaxed), timeouts: 0,
      connectFailures: connectFailures.load(ordering: .relaxed))
  }

  /// Closes every idle connection and refuses further use. Reads in progress finish normally.
  /// The shared connection of a pool of one closes when no one in the process holds it.
  public func close() {
    sharedIsClosed.store(true, ordering: .releasing)
    writer.withLock { $0 = nil }
    readers.withLock { state in
      state.isClosed = true
      state.idle.removeAll()
    }
  }

  // MARK: - Readers

  private static var closedError: SQLiteError {
    SQLiteError(code: .misuse, message: "the database pool is closed")
  }

  private func checkOutReader() throws -> PooledConnection {
    let reused = try readers.withLock { state throws -> PooledConnection? in
      guard !state.isClosed else { throw Self.closedError }
      return state.idle.popLast()
    }
    if let reused { return reused }
    do {
      let connection = try Connection(path: path, busyTimeout: busyTimeout)
      // query_only rather than SQLITE_OPEN_READONLY: a read-only open of a WAL file fails in
      // corner cases (no -shm yet), while query_only still refuses every write.
      try connection.execute("PRAGMA query_only = ON")
      return PooledConnection(connection)
    } catch {
      connectFailures.add(1, ordering: .relaxed)
      throw error
    }
  }

  private func checkIn(_ pooled: PooledConnection) {
    readers.withLock { state in
      if !state.isClosed, state.idle.count < maxIdleReaders { state.idle.append(pooled) }
    }
  }
}

/// The pool's reader bookkeeping, guarded by its mutex.
private struct ReaderState {
  var idle: [PooledConnection] = []
  var isClosed = false
}

/// A connection moving between the pool's lists and one caller.
///
/// `@unchecked Sendable` invariant: the connection is used by one thread at a time. It is
/// either inside a `Mutex` (the writer slot or the idle list) or checked out by exactly one
/// `read` call, which gives it back before returning; nothing else keeps a reference.
private struct PooledConnection: @unchecked Sendable {
  let connection: Connection
  init(_ connection: Connection) { self.connection = connection }
}
