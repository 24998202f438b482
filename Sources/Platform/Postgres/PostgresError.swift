/// An error reported by libpq or the PostgreSQL server, or by this module.
///
/// It records the SQLSTATE, the server's message and the failing statement's SQL text, never
/// the values bound to it (emails, token hashes) and never a password: connection messages are
/// composed here from the host and port, with any password libpq knows scrubbed out.
public struct PostgresError: Error, Sendable, Equatable, CustomStringConvertible {
  /// What kind of failure this is.
  public enum Kind: Sendable, Equatable {
    /// The server cannot be reached, refused the connection, or the connection broke.
    case connection
    /// The server ran the statement and reported an error (see ``PostgresError/sqlState``).
    case server
    /// No pooled connection became free in time.
    case poolExhausted
    /// The pool or connection was closed by this program.
    case closed
    /// A result had an unexpected shape (a bug, or a schema this program does not know).
    case protocolViolation
  }

  /// What kind of failure this is.
  public let kind: Kind
  /// The five-character SQLSTATE, e.g. `23505`; nil when the server sent none.
  public let sqlState: String?
  /// What went wrong, in words, without bound values or passwords.
  public let message: String
  /// The SQL that failed, if a statement was involved (never its parameters).
  public let sql: String?

  /// Creates an error; the parameters are the properties of their names.
  public init(_ kind: Kind, sqlState: String? = nil, message: String, sql: String? = nil) {
    self.kind = kind
    self.sqlState = sqlState
    self.message = message
    self.sql = sql
  }

  /// "PostgreSQL error 23505: duplicate key value violates unique constraint ..., in `INSERT ...`".
  public var description: String {
    var text = "PostgreSQL error"
    if let sqlState { text += " \(sqlState)" }
    text += ": \(message)"
    if let sql { text += ", in `\(sql)`" }
    return text
  }

  /// True when the database cannot be used right now and may be later: the server is
  /// unreachable, shutting down or restarting, or every pooled connection stayed busy.
  public var isUnavailable: Bool {
    switch kind {
    case .connection, .poolExhausted: return true
    case .server:
      guard let sqlState else { return false }
      // 08xxx connection exceptions; 57P01-57P03 admin/crash shutdown, cannot connect now.
      return sqlState.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(sqlState)
    case .closed, .protocolViolation: return false
    }
  }

  /// True when the transaction lost a race and may simply be run again (serialization failure
  /// or deadlock).
  public var isRetryable: Bool { sqlState == "40001" || sqlState == "40P01" }

  /// True when a UNIQUE or PRIMARY KEY constraint failed.
  public var isUniqueViolation: Bool { sqlState == "23505" }

  /// True when a FOREIGN KEY constraint failed.
  public var isForeignKeyViolation: Bool { sqlState == "23503" }

  /// True when the statement ran past the statement timeout (or was cancelled).
  public var isTimeout: Bool { sqlState == "57014" }
}
