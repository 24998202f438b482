/// Brings a database's schema up to date with an ordered list of ``Migration``s.
///
/// The schema version is stored in `PRAGMA user_version`: version *n* means the first *n*
/// migrations have been applied. Each pending migration runs in its own `BEGIN IMMEDIATE`
/// transaction together with the version bump, and the version is re-read inside that
/// transaction, so two processes opening the same file at once apply each migration once.
/// Reopening an up-to-date database writes nothing.
///
/// Migrations are append-only: never edit or reorder one that has shipped.
public struct Migrator: Sendable {
  /// The migrations, oldest first; migration `i` produces version `i + 1`.
  public private(set) var migrations: [Migration]

  /// Creates a migrator.
  ///
  /// - Parameter migrations: the schema history, oldest first (default empty).
  public init(_ migrations: [Migration] = []) { self.migrations = migrations }

  /// Appends a migration as the next version.
  public mutating func register(_ migration: Migration) { migrations.append(migration) }

  /// The version a fully migrated database has.
  public var latestVersion: Int { migrations.count }

  /// Applies every pending migration to `connection`.
  ///
  /// - Returns: how many migrations this call applied (0 when already up to date).
  /// - Throws: ``MigrationError/databaseNewerThanProgram(path:found:supported:)`` when the file
  ///   is ahead of this program, ``MigrationError/migrationFailed(version:name:underlying:)`` when
  ///   a migration fails with a ``SQLiteError`` (other errors a migration throws pass through
  ///   unchanged), or ``SQLiteError`` when the version cannot be read or written.
  @discardableResult
  public func migrate(_ connection: Connection) throws -> Int {
    let current = try checkedVersion(of: connection)
    guard current < latestVersion else { return 0 }
    var applied = 0
    for (index, migration) in migrations.enumerated().dropFirst(current) {
      let target = index + 1
      try connection.inTransaction { db in
        // Another process may have migrated since we looked.
        guard try checkedVersion(of: db) < target else { return .rollback }
        do {
          try migration.apply(db)
        } catch let error as SQLiteError {
          throw MigrationError.migrationFailed(version: target, name: migration.name, underlying: error)
        }
        try db.execute("PRAGMA user_version = \(target)")
        applied += 1
        return .commit
      }
    }
    return applied
  }

  /// Reads `user_version`, refusing a database newer than this migrator.
  private func checkedVersion(of connection: Connection) throws -> Int {
    let version = try Self.version(of: connection)
    if version > latestVersion {
      throw MigrationError.databaseNewerThanProgram(
        path: connection.path, found: version, supported: latestVersion)
    }
    return version
  }

  /// The schema version (`PRAGMA user_version`) of the database behind `connection`.
  ///
  /// - Throws: ``SQLiteError`` when it cannot be read.
  public static func version(of connection: Connection) throws -> Int {
    try connection.queryFirst("PRAGMA user_version") { try $0.column(0, as: Int.self) } ?? 0
  }
}
