import Dispatch
import SQL
import Synchronization

/// The thread-safe way to use one PostgreSQL database: up to ``Configuration/size`` connections,
/// opened when first needed, shared by the threads of one process.
///
/// A connection that broke (the server restarted, the network dropped) is closed and replaced
/// by a fresh one on a later call, so the pool recovers by itself once the server is back.
/// Every connection runs with a statement timeout, so one slow query cannot hold a connection,
/// or every connection, for long.
///
/// The calls are synchronous and block the calling thread for the duration of the body.
public final class PostgresPool: Sendable {
  /// How the pool connects and how large it grows.
  public struct Configuration: Sendable {
    /// The libpq connection string (URL, `key=value` pairs, or empty for `PG*` variables).
    public var conninfo: String
    /// The most connections open at once (default 4).
    public var size: Int
    /// The longest a statement may run before the server cancels it (default 5 s).
    public var statementTimeout: Duration
    /// The longest a caller waits for a free connection (default 5 s).
    public var checkoutTimeout: Duration
    /// The longest a new connection may take to be established, in seconds (default 5).
    public var connectTimeout: Int

    /// - Parameters:
    ///   - conninfo: the connection string.
    ///   - size: connections at most (default 4; at least 1 is used).
    ///   - statementTimeout: the statement timeout (default 5 s).
    ///   - checkoutTimeout: the wait for a free connection (default 5 s).
    ///   - connectTimeout: the connection timeout in seconds (default 5).
    public init(
      conninfo: String, size: Int = 4, statementTimeout: Duration = .seconds(5),
      checkoutTimeout: Duration = .seconds(5), connectTimeout: Int = 5
    ) {
      self.conninfo = conninfo
      self.size = max(1, size)
      self.statementTimeout = statementTimeout
      self.checkoutTimeout = checkoutTimeout
      self.connectTimeout = connectTimeout
    }
  }

  /// The pool's settings.
  public let configuration: Configuration
  /// One permit per connection that may be checked out.
  private let permits: DispatchSemaphore
  private let state = Mutex(State())
  /// Connections checked out now; callers that waited, waits that gave up, connections that
  /// could not be opened (for ``statistics``).
  private let inUse = Atomic<Int>(0)
  private let waits = Atomic<Int>(0)
  private let timeouts = Atomic<Int>(0)
  private let connectFailures = Atomic<Int>(0)

  private struct State {
    var idle: [PooledConnection] = []
    var isClosed = false
  }

  /// Creates a pool; no connection is opened until one is needed.
  public init(_ configuration: Configuration) {
    self.configuration = configuration
    self.permits = DispatchSemaphore(value: configuration.size)
  }

  /// Opens a connection configured as the pool's are (statement timeout set), outside the pool:
  /// for `LISTEN`, or to check at start-up that the server can be reached.
  ///
  /// - Throws: ``PostgresError`` (`.connection`) naming the host and port.
  public func makeConnection() throws -> PostgresConnection {
    let connection = try PostgresConnection(
      conninfo: configuration.conninfo, connectTimeout: configuration.connectTimeout)
    let milliseconds =
      configuration.statementTimeout.components.seconds * 1000
      + configuration.statementTimeout.components.attoseconds / 1_000_000_000_000_000
    try connection.execute("SET statement_timeout = \(max(1, milliseconds))")
    return connection
  }

  /// Runs `body` on a pooled connection, outside any transaction.
  ///
  /// - Throws: ``PostgresError`` (`.poolExhausted` when no connection became free within the
  ///   checkout timeout, `.connection` when the server cannot be reached, `.closed` after
  ///   ``close()``), or what `body` throws.
  public func withConnection<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    let milliseconds = Int(
      configuration.checkoutTimeout.components.seconds * 1000
        + configuration.checkoutTimeout.components.attoseconds / 1_000_000_000_000_000)
    if permits.wait(timeout: .now()) != .success {
      waits.add(1, ordering: .relaxed)
      guard permits.wait(timeout: .now() + .milliseconds(milliseconds)) == .success else {
        timeouts.add(1, ordering: .relaxed)
        throw PostgresError(
          .poolExhausted, message: "all \(configuration.size) database connections stayed busy")
      }
    }
    defer { permits.signal() }
    let connection = try checkOut()
    inUse.add(1, ordering: .relaxed)
    defer { inUse.subtract(1, ordering: .relaxed) }
    do {
      let result = try body(connection)
      checkIn(connection)
      return result
    } catch {
      checkIn(connection)
      throw error
    }
  }

  /// Runs `body` in a transaction on a pooled connection: committed when `body` returns, rolled
  /// back when it throws. A transaction that lost a race (serialization failure, deadlock) is run
  /// again, up to 5 times, so `body` must only touch the database.
  ///
  /// `BEGIN` is sent with `body`'s first statement, and `COMMIT` with the statements `body`
  /// left queued (``PostgresConnection/runLater(_:_:)``): no round trip of their own.
  ///
  /// - Throws: ``PostgresError`` or what `body` throws.
  @discardableResult
  public func transaction<T>(_ body: (PostgresConnection) throws -> T) throws -> T {
    var attempt = 0
    while true {
      attempt += 1
      do {
        return try withConnection { connection in
          try connection.runLater("BEGIN")
          do {
            let result = try body(connection)
            try connection.run("COMMIT")
            return result
          } catch {
            // A failed rollback means the connection is broken; checkIn then discards it.
            connection.discardQueued()
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
          }
        }
      } catch let error as PostgresError where error.isRetryable && attempt < 5 {
        continue
      }
    }
  }

  /// Closes idle connections and refuses further use; connections in use close when returned.
  public func close() {
    let idle = state.withLock { state in
      state.isClosed = true
      defer { state.idle.removeAll() }
      return state.idle
    }
    idle.forEach { $0.connection.close() }
  }

  /// What the connections are doing now, and waited and failed since the pool was created.
  public var statistics: SQLPoolStatistics {
    let idle = state.withLock { $0.idle.count }
    let inUse = inUse.load(ordering: .relaxed)
    return SQLPoolStatistics(
      maxConnections: configuration.size, openConnections: idle + inUse, inUse: inUse,
      waits: waits.load(ordering: .relaxed), timeouts: timeouts.load(ordering: .relaxed),
      connectFailures: connectFailures.load(ordering: .relaxed))
  }

  // MARK: - Connections

  private func checkOut() throws -> PostgresConnection {
    while true {
      let reused = try state.withLock { state throws -> PooledConnection? in
        guard !state.isClosed else { throw PostgresError(.closed, message: "the database pool is closed") }
        return state.idle.popLast()
      }
      guard let reused else {
        do {
          return try makeConnection()
        } catch {
          connectFailures.add(1, ordering: .relaxed)
          throw error
        }
      }
      if reused.connection.isAlive { return reused.connection }
      reused.connection.close()
    }
  }

  /// Keeps a healthy idle connection for reuse and closes a broken or mid-transaction one.
  private func checkIn(_ connection: PostgresConnection) {
    let keep = connection.isAlive
    let pooled = PooledConnection(connection)
    let kept = state.withLock { state in
      guard keep, !state.isClosed else { return false }
      state.idle.append(pooled)
      return true
    }
    if !kept { connection.close() }
  }
}

/// A connection moving between the pool's idle list and one caller.
///
/// `@unchecked Sendable` invariant: the connection is used by one thread at a time. It is
/// either in the idle list (inside the mutex) or checked out by exactly one `withConnection`
/// call, which returns it before it ends; nothing else keeps a reference.
private struct PooledConnection: @unchecked Sendable {
  let connection: PostgresConnection
  init(_ connection: PostgresConnection) { self.connection = connection }
}
