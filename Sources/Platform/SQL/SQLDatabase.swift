/// A database a store can run SQL on from any thread: the small protocol that `SQLite` and
/// `Postgres` implement, so one store's SQL and transactions serve both.
///
/// Implementation requirements: `Sendable`; every method may be called from any thread at once
/// and blocks for the duration of the body. What differs between databases stays with them:
/// migrations, how commits are noticed, how errors are classified.
public protocol SQLDatabase: Sendable {
  /// A connection of this database.
  associatedtype Connection: SQLConnection

  /// How statements for this database spell their parameters.
  var placeholderStyle: SQLPlaceholderStyle { get }

  /// Runs `body` on a connection that sees the latest commits (each statement at least as new as
  /// the call), without writing.
  ///
  /// - Throws: the database's error, or what `body` throws.
  func read<T>(_ body: (Connection) throws -> T) throws -> T

  /// Runs `body` in one transaction: committed when `body` returns, rolled back when it throws.
  /// A database may run `body` again after a lost race, so `body` must only touch the database.
  ///
  /// - Throws: the database's error, or what `body` throws.
  func transaction<T>(_ body: (Connection) throws -> T) throws -> T

  /// Runs `body` on a connection outside any explicit transaction: each statement is a
  /// transaction of its own, committed when it ends (for a change that one statement makes
  /// whole, this saves the round trips of `BEGIN` and `COMMIT`). A database may run `body` again
  /// after a lost race, so `body` must only touch the database and should run one statement
  /// that changes anything.
  ///
  /// - Throws: the database's error, or what `body` throws.
  func autocommit<T>(_ body: (Connection) throws -> T) throws -> T

  /// Closes the database's connections; later calls fail.
  func close()

  /// What the connections are doing now, and waited and failed since the start; nil when the
  /// database keeps no such account.
  var poolStatistics: SQLPoolStatistics? { get }
}

extension SQLDatabase {
  /// ``transaction(_:)``, for a database where a transaction costs no round trips.
  public func autocommit<T>(_ body: (Connection) throws -> T) throws -> T {
    try transaction(body)
  }

  /// No account kept.
  public var poolStatistics: SQLPoolStatistics? { nil }
}
