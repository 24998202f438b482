/// One step of a database schema's history. Its version is its position in the ``Migrator``.
public struct Migration: Sendable {
  /// A short name for messages, e.g. "create users, sessions and trips".
  public let name: String
  /// Applies the change; runs inside the migrator's transaction.
  let apply: @Sendable (Connection) throws -> Void

  /// A migration written as Swift code.
  ///
  /// - Parameters:
  ///   - name: a short name for messages.
  ///   - apply: the change; it runs inside a transaction and must not open its own.
  public init(_ name: String, apply: @escaping @Sendable (Connection) throws -> Void) {
    self.name = name
    self.apply = apply
  }

  /// A migration written as a SQL script (run with ``Connection/execute(_:)``).
  ///
  /// - Parameters:
  ///   - name: a short name for messages.
  ///   - sql: `;`-separated statements, without `BEGIN`/`COMMIT`.
  public init(_ name: String, sql: String) {
    self.init(name) { try $0.execute(sql) }
  }
}

/// Why migrating a database failed.
public enum MigrationError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The file's `user_version` is past every migration this program knows: it was written by
  /// a newer version of the program, and this one must not touch it.
  case databaseNewerThanProgram(path: String, found: Int, supported: Int)
  /// A migration threw; its transaction was rolled back and the version is unchanged.
  case migrationFailed(version: Int, name: String, underlying: SQLiteError)

  /// A message for the person running the program.
  public var description: String {
    switch self {
    case .databaseNewerThanProgram(let path, let found, let supported):
      "the database \(path) has schema version \(found), but this program only knows versions "
        + "up to \(supported); it was written by a newer release, so upgrade this program"
    case .migrationFailed(let version, let name, let underlying):
      "migration \(version) (\(name)) failed: \(underlying.message)"
    }
  }
}
