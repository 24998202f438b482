import Glibc
import POSIXFiles
import SQLite

/// The outbox file's creation and schema, upgraded in place.
enum OutboxSchema {
  /// Opens (creating if needed) the outbox at `path` and brings its schema up to date.
  /// - Throws: ``OutboxError`` (`damaged` for a file that is not a known outbox) or ``SQLiteError``.
  static func open(_ path: String) throws -> Connection {
    try createPrivateFile(path)
    let connection = try Connection(path: path, busyTimeout: .seconds(10))
    try prepare(connection, path: path)
    return connection
  }

  /// Creates the outbox's folder 0700 when it is missing.
  static func prepareDirectory(of path: String) throws(OutboxError) {
    let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
    guard !directory.isEmpty else { return }
    do {
      try PrivateDirectory.ensure(directory)
    } catch {
      throw .failed(path: path, reason: "\(error)")
    }
  }

  /// Makes a missing file 0600 and narrows a wider one, by `lstat` and `chmod`: a descriptor of
  /// an existing file, opened and closed here, would drop the locks of this process's connection
  /// to it. A new file has no lock yet.
  private static func createPrivateFile(_ path: String) throws(OutboxError) {
    try prepareDirectory(of: path)
    var info = stat()
    if lstat(path, &info) == 0 {
      guard info.st_mode & S_IFMT == S_IFREG else {
        throw .failed(path: path, reason: "it is not a regular file")
      }
      if info.st_mode & 0o077 != 0 { _ = chmod(path, 0o600) }
      return
    }
    let raw = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    // EEXIST: another process made it since the lstat.
    guard raw >= 0 || errno == EEXIST else {
      throw .failed(path: path, reason: String(cString: strerror(errno)))
    }
    if raw >= 0 { Glibc.close(raw) }
  }

  /// Creates the table in a new file, numbers the entries of a file of schema 1, and refuses a
  /// file that is not an outbox of a schema it knows.
  private static func prepare(_ connection: Connection, path: String) throws {
    func pragma(_ name: String) throws -> Int64 {
      try connection.queryFirst("PRAGMA \(name)") { try $0.column(0, as: Int64.self) } ?? 0
    }
    let known = try pragma("application_id") == OutboxStore.applicationID
    if try known && pragma("user_version") == OutboxStore.schemaVersion { return }
    try connection.transaction {
      let application = try pragma("application_id")
      let tables =
        try connection.queryFirst("SELECT count(*) FROM sqlite_master") { try $0.column(0, as: Int64.self) }
        ?? 0
      let version = try pragma("user_version")
      if application == OutboxStore.applicationID && version == OutboxStore.schemaVersion { return }
      if application == OutboxStore.applicationID && version == 1 {
        // The entries keep the numbers they were shown with (their ids).
        try connection.execute(
          """
          ALTER TABLE entries ADD COLUMN number INTEGER NOT NULL DEFAULT 0;
          UPDATE entries SET number = id;
          PRAGMA user_version = \(OutboxStore.schemaVersion);
          """)
        return
      }
      guard application == 0 && tables == 0 else {
        throw OutboxError.damaged(
          path: path,
          reason: application == OutboxStore.applicationID
            ? "made by another version (schema \(version))" : "not a rocket-reserver outbox")
      }
      try connection.execute(
        """
        CREATE TABLE entries (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          endpoint TEXT NOT NULL,
          user TEXT NOT NULL,
          number INTEGER NOT NULL,
          action TEXT NOT NULL,
          launch_id TEXT NOT NULL,
          idempotency_key TEXT NOT NULL,
          queued_at INTEGER NOT NULL,
          previous_is_booked INTEGER
        );
        CREATE INDEX entries_by_owner ON entries (endpoint, user, id);
        PRAGMA application_id = \(OutboxStore.applicationID);
        PRAGMA user_version = \(OutboxStore.schemaVersion);
        """)
    }
  }
}
