import Postgres
import SQL
import SQLite

/// What can go wrong in the ``BookingStore``.
///
/// Every `description` is safe to show a user or client: none holds SQL, bound values or
/// tokens. ``cannotCreateDirectory(path:reason:)`` and ``cannotOpen(path:underlying:)`` name
/// a file path and happen only when the store is opened, which is an operator's concern; the
/// API maps every case to an internal error anyway (a malformed email never reaches the store:
/// ``EmailAddress`` refuses it first).
public enum BookingStoreError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The user id names no user (e.g. booking for a user that does not exist).
  case unknownUser(id: Int)
  /// The system's secure random source failed, so no token can be issued.
  case randomSourceFailed
  /// The database's folder is missing and cannot be created.
  case cannotCreateDirectory(path: String, reason: String)
  /// The database cannot be opened or migrated.
  case cannotOpen(path: String, underlying: SQLiteError)
  /// The database was written by a newer version of this program.
  case databaseTooNew(path: String, found: Int, supported: Int)
  /// A database operation failed; the SQLite error is kept for logs, not for messages.
  case storageFailed(SQLiteError)
  /// A PostgreSQL operation failed; the error is kept for logs, not for messages.
  case postgresFailed(PostgresError)
  /// The database server cannot be reached at start-up; the error's message names the host
  /// and port (never a password).
  case cannotConnect(PostgresError)
  /// The database server cannot be reached right now (down, restarting, every connection
  /// busy); a later request may succeed. The API answers `SERVICE_UNAVAILABLE`.
  case unavailable(PostgresError)
  /// The database answered with rows of an unexpected shape (a bug, or a schema this program
  /// does not know).
  case unexpectedResult(SQLRowError)
  /// The store was closed (the program is ending) before a call that needed it.
  case closed

  /// A message without SQL, arguments or tokens.
  public var description: String {
    switch self {
    case .unknownUser(let id):
      "there is no user with id \(id)"
    case .randomSourceFailed:
      "the system's secure random number generator failed; no login token could be made"
    case .cannotCreateDirectory(let path, let reason):
      "cannot create the folder \(path) for the booking database: \(reason)"
    case .cannotOpen(let path, let underlying):
      "cannot open the booking database \(path): \(underlying.code.description)"
    case .databaseTooNew(let path, let found, let supported):
      "the booking database \(path) has schema version \(found), but this program only knows "
        + "versions up to \(supported); upgrade the program"
    case .storageFailed(let underlying):
      // SQLite's generic text for the code ("database is locked"), never its detailed message.
      "the booking database failed: \(underlying.code.description)"
    case .postgresFailed(let underlying):
      "the booking database failed: PostgreSQL error \(underlying.sqlState ?? "without SQLSTATE")"
    case .cannotConnect(let underlying):
      underlying.message
    case .unavailable(let underlying):
      "the booking database is unavailable: \(underlying.message)"
    case .unexpectedResult(let underlying):
      "the booking database answered unexpectedly: \(underlying)"
    case .closed:
      "the booking database was closed"
    }
  }
}
