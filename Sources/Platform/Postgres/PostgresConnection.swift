import CPostgres
import Glibc

/// One open connection to a PostgreSQL server through libpq.
///
/// Statements with parameters are prepared once per connection (named by their SQL text) and
/// then executed with `PQexecPrepared`, with every value sent as a separate text parameter:
/// SQL is never built from values.
///
/// Thread safety: a connection is **not** `Sendable`; use it from one thread at a time. To share
/// a database between threads, hold a ``PostgresPool``.
///
/// For example:
///
///     let db = try PostgresConnection(conninfo: "postgresql://app@db.internal/launches")
///     try db.execute("CREATE TABLE IF NOT EXISTS t (x int)")
///     try db.run("INSERT INTO t VALUES ($1)", [42])
///     let xs = try db.query("SELECT x FROM t").map { try $0.int(0) }
public final class PostgresConnection {
  /// The owned `PGconn*`; nil once closed.
  private var raw: OpaquePointer?
  /// Prepared statement names by SQL text.
  private var prepared: [String: String] = [:]
  /// Statements given to ``runLater(_:_:)`` and not sent yet, with their parameters' text.
  private var queued: [(sql: String, parameters: [String?])] = []
  /// Where the connection goes, as `host:port`, for messages (never the password).
  public let endpoint: String

  /// Connects, waiting at most `connectTimeout` seconds.
  ///
  /// - Parameters:
  ///   - conninfo: a libpq connection string, as psql takes it: a URL
  ///     (`postgresql://user@host:port/db`), `key=value` pairs, or empty for the `PG*` environment
  ///     variables and defaults alone. Values in it override the defaults set here.
  ///   - connectTimeout: the default `connect_timeout` in seconds (default 5).
  ///   - applicationName: the default `application_name` the server shows (default "rocket-reserver").
  /// - Throws: ``PostgresError`` (`.connection`) naming the host and port, never a password.
  public init(conninfo: String, connectTimeout: Int = 5, applicationName: String = "rocket-reserver")
    throws
  {
    // libpq is opened on first use (the shim does not link it); a missing one is a connection
    // error with the loader's reason.
    if let problem = cpostgres_open_error() {
      throw PostgresError(.connection, message: "cannot load libpq: " + String(cString: problem))
    }
    // Later keywords override earlier ones, and `dbname` expands into everything the connection
    // string says, so the defaults come first and the user's string wins.
    let keywords = ["connect_timeout", "application_name", "dbname"]
    let values = [String(connectTimeout), applicationName, conninfo]
    let connection = withCStrings(keywords) { keywordPointers in
      withCStrings(values) { valuePointers in
        PQconnectdbParams(keywordPointers, valuePointers, 1)
      }
    }
    guard let connection else {
      throw PostgresError(.connection, message: "libpq could not allocate a connection")
    }
    endpoint = Self.endpoint(of: connection)
    guard PQstatus(connection) == CONNECTION_OK else {
      let reason = Self.scrubbedMessage(of: connection)
      PQfinish(connection)
      throw PostgresError(.connection, message: "cannot connect to PostgreSQL at \(endpoint): \(reason)")
    }
    cpostgres_silence_notices(connection)
    raw = connection
  }

  deinit { close() }

  /// Closes the connection. Later use throws ``PostgresError`` (`.closed`); calling it again does
  /// nothing.
  public func close() {
    if let raw { PQfinish(raw) }
    raw = nil
    prepared.removeAll()
    queued.removeAll()
  }

  /// Whether the connection is open and, as far as can be told without a round trip, alive: a
  /// server that shut down has sent its goodbye or closed the socket, which this notices.
  public var isAlive: Bool {
    guard let raw, PQstatus(raw) == CONNECTION_OK else { return false }
    var descriptor = pollfd(fd: PQsocket(raw), events: Int16(POLLIN), revents: 0)
    // Readable while idle: a server ending the session (a restart, pg_terminate_backend) sends
    // an error and then closes, and libpq takes the error for a notice and stays "OK" until it
    // reads the end of file. Nothing else arrives unasked on a connection that does not
    // `LISTEN` (at worst a setting's new value), so such a connection is not reused.
    if poll(&descriptor, 1, 0) > 0 { return false }
    return PQstatus(raw) == CONNECTION_OK && PQtransactionStatus(raw) == PQTRANS_IDLE && queued.isEmpty
  }

  /// Whether a transaction is open (or failed and not yet rolled back) on this connection.
  public var isInTransaction: Bool {
    guard let raw else { return false }
    let status = PQtransactionStatus(raw)
    return status == PQTRANS_INTRANS || status == PQTRANS_INERROR
  }

  // MARK: - Statements

  /// Runs a script of zero or more `;`-separated statements without parameters (DDL, `BEGIN`,
  /// `LISTEN`). Rows are discarded.
  ///
  /// - Throws: ``PostgresError`` from the first statement that fails.
  public func execute(_ sql: String) throws {
    let connection = try open()
    if !queued.isEmpty { PQclear(try exchange(nil, on: connection)) }
    let result = PQexec(connection, sql)
    defer { PQclear(result) }
    try check(result, sql: sql)
  }

  /// Runs one statement with `parameters` bound to `$1`, `$2`, ... and returns its rows.
  ///
  /// - Parameters:
  ///   - sql: one SQL statement; it is prepared once per connection.
  ///   - parameters: one value per parameter (default none).
  /// - Returns: the rows in the order the server sent them.
  /// - Throws: ``PostgresError``, e.g. a unique violation (`23505`).
  @discardableResult
  public func query(_ sql: String, _ parameters: [any PostgresParameter] = []) throws -> [PostgresRow] {
    let connection = try open()
    let result = try exchange((sql, parameters.map(\.postgresText)), on: connection)
    defer { PQclear(result) }
    return rows(of: result)
  }

  /// Runs one statement with parameters and returns how many rows it changed.
  ///
  /// - Throws: ``PostgresError``.
  @discardableResult
  public func run(_ sql: String, _ parameters: [any PostgresParameter] = []) throws -> Int {
    let connection = try open()
    let result = try exchange((sql, parameters.map(\.postgresText)), on: connection)
    defer { PQclear(result) }
    return Int(String(cString: PQcmdTuples(result))) ?? 0
  }

  /// Queues one statement whose rows and count are not needed now (`BEGIN`, a write whose
  /// outcome nothing waits for), to be sent in the same round trip as the next statement that
  /// is (libpq's pipeline mode): `BEGIN`, then a query, cost one round trip, not two.
  ///
  /// Its error, if it fails, is thrown by that next ``query(_:_:)``, ``run(_:_:)`` or
  /// ``execute(_:)`` (which then does not run: the server skips the rest of a failed pipeline).
  ///
  /// - Throws: ``PostgresError`` (`.closed`) when the connection is closed.
  public func runLater(_ sql: String, _ parameters: [any PostgresParameter] = []) throws {
    _ = try open()
    queued.append((sql, parameters.map(\.postgresText)))
  }

  /// Drops the statements ``runLater(_:_:)`` queued and did not send yet.
  public func discardQueued() { queued.removeAll() }

  /// The first row of ``query(_:_:)``, or nil when there is none.
  ///
  /// - Throws: ``PostgresError``.
  public func queryFirst(_ sql: String, _ parameters: [any PostgresParameter] = []) throws -> PostgresRow? {
    try query(sql, parameters).first
  }

  // MARK: - Notifications

  /// The connection's socket, to `poll` for incoming notifications; -1 when closed.
  public var socket: Int32 { raw.map { PQsocket($0) } ?? -1 }

  /// Reads whatever the server has sent (call it when ``socket`` is readable) and returns the
  /// notifications received so far, oldest first.
  ///
  /// - Throws: ``PostgresError`` (`.connection`) when the connection broke.
  public func receiveNotifications() throws -> [PostgresNotification] {
    let connection = try open()
    guard PQconsumeInput(connection) == 1 else {
      throw PostgresError(.connection, message: "the connection to \(endpoint) broke")
    }
    var notifications: [PostgresNotification] = []
    while let notify = PQnotifies(connection) {
      notifications.append(
        PostgresNotification(
          channel: String(cString: notify.pointee.relname), payload: String(cString: notify.pointee.extra),
          senderProcessID: notify.pointee.be_pid))
      PQfreemem(notify)
    }
    return notifications
  }

  // MARK: - Internals

  private func open() throws -> OpaquePointer {
    guard let raw else { throw PostgresError(.closed, message: "the connection is closed") }
    return raw
  }

  /// Runs the queued statements and then `statement` (if any), and returns the last result
  /// (which the caller clears): with nothing queued, one `PQexecPrepared`; otherwise all of
  /// them in one pipeline, one round trip, throwing the first statement's error.
  private func exchange(_ statement: (sql: String, parameters: [String?])?, on connection: OpaquePointer)
    throws -> OpaquePointer
  {
    let batch = queued + (statement.map { [$0] } ?? [])
    queued.removeAll()
    guard batch.count > 1 else {
      guard let only = batch.first else {
        throw PostgresError(.protocolViolation, message: "no statement to run")
      }
      let name = try preparedName(for: only.sql, on: connection)
      let result = withOptionalCStrings(only.parameters) { pointers in
        PQexecPrepared(connection, name, Int32(only.parameters.count), pointers, nil, nil, 0)
      }
      do {
        try check(result, sql: only.sql)
      } catch {
        PQclear(result)
        throw error
      }
      guard let result else { throw PostgresError(.protocolViolation, message: "no result", sql: only.sql) }
      return result
    }
    let names = try batch.map { try preparedName(for: $0.sql, on: connection) }
    guard PQenterPipelineMode(connection) == 1 else {
      throw PostgresError(.connection, message: "cannot pipeline statements to PostgreSQL at \(endpoint)")
    }
    defer { _ = PQexitPipelineMode(connection) }
    for (name, item) in zip(names, batch) {
      let sent = withOptionalCStrings(item.parameters) { pointers in
        PQsendQueryPrepared(connection, name, Int32(item.parameters.count), pointers, nil, nil, 0)
      }
      if sent != 1 { try check(nil, sql: item.sql) }
    }
    if PQpipelineSync(connection) != 1 { try check(nil, sql: batch[batch.count - 1].sql) }
    // Each statement's results end with a null; then the sync point's own result.
    var failure: (any Error)?
    var last: OpaquePointer?
    for (index, item) in batch.enumerated() {
      while let result = PQgetResult(connection) {
        if failure == nil, PQresultStatus(result) != PGRES_PIPELINE_ABORTED {
          do { try check(result, sql: item.sql) } catch { failure = error }
        }
        if index == batch.count - 1, failure == nil, last == nil { last = result } else { PQclear(result) }
      }
    }
    while let result = PQgetResult(connection) {
      let status = PQresultStatus(result)
      PQclear(result)
      if status == PGRES_PIPELINE_SYNC { break }
    }
    if let failure {
      if let last { PQclear(last) }
      throw failure
    }
    guard let last else {
      // No last result: the connection broke (check throws that), or a protocol surprise.
      try check(nil, sql: batch[batch.count - 1].sql)
      throw PostgresError(.protocolViolation, message: "no result", sql: batch[batch.count - 1].sql)
    }
    return last
  }

  private func preparedName(for sql: String, on connection: OpaquePointer) throws -> String {
    if let name = prepared[sql] { return name }
    let name = "s\(prepared.count + 1)"
    let result = PQprepare(connection, name, sql, 0, nil)
    defer { PQclear(result) }
    try check(result, sql: sql)
    prepared[sql] = name
    return name
  }

  /// Throws the error a result reports, if it reports one.
  private func check(_ result: OpaquePointer?, sql: String) throws {
    let status = result.map { PQresultStatus($0) } ?? PGRES_FATAL_ERROR
    if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK || status == PGRES_EMPTY_QUERY { return }
    guard let raw, PQstatus(raw) == CONNECTION_OK else {
      let reason = raw.map(Self.scrubbedMessage(of:)) ?? "closed"
      throw PostgresError(
        .connection, sqlState: result.flatMap { cpostgres_sqlstate($0) }.map { String(cString: $0) },
        message: "lost the connection to PostgreSQL at \(endpoint): \(reason)", sql: sql)
    }
    let sqlState = result.flatMap { cpostgres_sqlstate($0) }.map { String(cString: $0) }
    let message =
      result.flatMap { cpostgres_primary_message($0) }.map { String(cString: $0) }
      ?? Self.scrubbedMessage(of: raw)
    throw PostgresError(.server, sqlState: sqlState, message: message, sql: sql)
  }

  private func rows(of result: OpaquePointer?) -> [PostgresRow] {
    guard let result else { return [] }
    let rowCount = PQntuples(result)
    let columnCount = PQnfields(result)
    var rows: [PostgresRow] = []
    rows.reserveCapacity(Int(rowCount))
    for row in 0..<rowCount {
      var values: [String?] = []
      values.reserveCapacity(Int(columnCount))
      for column in 0..<columnCount {
        values.append(
          PQgetisnull(result, row, column) == 1 ? nil : String(cString: PQgetvalue(result, row, column)))
      }
      rows.append(PostgresRow(values: values))
    }
    return rows
  }

  /// `host:port` of a connection (attempt), e.g. `127.0.0.1:5432` or `/run/postgresql:5432`.
  private static func endpoint(of connection: OpaquePointer) -> String {
    let host = PQhost(connection).map { String(cString: $0) } ?? ""
    let port = PQport(connection).map { String(cString: $0) } ?? ""
    return "\(host.isEmpty ? "localhost" : host):\(port.isEmpty ? "5432" : port)"
  }

  /// libpq's last message, first line only, with any password it knows replaced.
  private static func scrubbedMessage(of connection: OpaquePointer) -> String {
    var message = String(cString: PQerrorMessage(connection))
    if let password = PQpass(connection).map({ String(cString: $0) }), !password.isEmpty {
      message = message.replacing(password, with: "***")
    }
    let firstLine = message.split(separator: "\n").first.map(String.init) ?? ""
    return firstLine.isEmpty ? "unknown error" : firstLine
  }
}

/// Calls `body` with a NUL-terminated C string array holding `strings`.
private func withCStrings<R>(_ strings: [String], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
  withOptionalCStrings(strings) { pointers in
    body(pointers.map { $0 } + [nil])
  }
}

/// Calls `body` with C strings for `strings` (nil stays a null pointer), valid during the call.
private func withOptionalCStrings<R>(_ strings: [String?], _ body: ([UnsafePointer<CChar>?]) -> R) -> R {
  let copies = strings.map { $0.flatMap { strdup($0) } }
  defer { copies.forEach { free($0) } }
  return body(copies.map { $0.map { UnsafePointer($0) } })
}
