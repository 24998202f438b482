import FoundationEssentials
import SQLite

/// The ``BookingStore`` in one SQLite file: the embedded default. A REPL and a `serve` process
/// may share the file; commits from other processes are noticed through ``SQLiteCommitWatcher``.
/// SQLite has one writer at a time, so event ids are in commit order by themselves.
public typealias SQLiteBookingStore = SQLBookingStore<DatabasePool>

extension SQLBookingStore where Database == DatabasePool {
  /// Opens the database at `path`, creating its folder (mode 0700), the file (mode 0600) and
  /// the schema as needed. Reopening an up-to-date file changes nothing.
  ///
  /// - Parameters:
  ///   - path: the database file, e.g. `$XDG_DATA_HOME/rocket-reserver/backend.sqlite`.
  ///   - sharingOneConnection: reads and writes take turns on the process's one connection to the
  ///     file (what a client process beside others wants: see `SharedConnection`) instead of
  ///     readers of their own (what `serve`'s many threads want).
  /// - Throws: ``BookingStoreError/cannotCreateDirectory(path:reason:)``,
  ///   ``BookingStoreError/cannotOpen(path:underlying:)`` or
  ///   ``BookingStoreError/databaseTooNew(path:found:supported:)``.
  public convenience init(path: String, sharingOneConnection: Bool = false) throws {
    try Self.prepareFile(at: path)
    let pool: DatabasePool
    do {
      pool =
        sharingOneConnection
        ? try DatabasePool(sharingOneConnection: path, migrator: SQLiteBookingSchema.migrator)
        : try DatabasePool(path: path, migrator: SQLiteBookingSchema.migrator)
    } catch let error as SQLiteError {
      throw BookingStoreError.cannotOpen(path: path, underlying: error)
    } catch MigrationError.databaseNewerThanProgram(_, let found, let supported) {
      throw BookingStoreError.databaseTooNew(path: path, found: found, supported: supported)
    } catch MigrationError.migrationFailed(_, _, let underlying) {
      throw BookingStoreError.cannotOpen(path: path, underlying: underlying)
    }
    self.init(
      database: pool, watcher: SQLiteCommitWatcher(path: path, shared: pool.sharedConnection), horizon: nil,
      wakesFeedAfterWrites: true,
      announcer: nil)
  }

  /// Creates a missing folder (0700) and file (0600): the file holds who booked what.
  private static func prepareFile(at path: String) throws {
    let files = FileManager.default
    let directory = URL(fileURLWithPath: path).deletingLastPathComponent()
    if !files.fileExists(atPath: directory.path) {
      do {
        try files.createDirectory(
          at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
      } catch {
        throw BookingStoreError.cannotCreateDirectory(
          path: directory.path, reason: String(describing: error))
      }
    }
    if !files.fileExists(atPath: path) {
      // SQLite would create it 0644; an empty file is a valid empty database.
      _ = files.createFile(atPath: path, contents: nil, attributes: [.posixPermissions: 0o600])
    }
  }
}
