import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// The one connection a process keeps to a database file, whoever in the process uses the file.
///
/// POSIX advisory locks, which SQLite uses to tell who else has a file open, belong to the
/// process: closing any descriptor of the file drops every lock the process holds on it, those
/// of its open connections included. Another process then believes it is the last one, and on
/// closing checkpoints and deletes the `-wal` and `-shm` files the first still uses; from then on
/// the two see different databases. So a program that shares a file with other processes (a
/// shell beside one-shot commands) opens it once: every user of the file in the process asks
/// ``forFile(_:open:)`` for the same instance, and nothing but SQLite opens or closes a
/// descriptor of it while the connection is open (sizes come from `stat`).
///
/// The connection opens at first use and stays open while anyone holds the instance; ``close()``
/// closes it (to move a damaged file aside, say) and the next use opens it again.
///
/// Thread safety: the connection is used under a `Mutex`, by one thread at a time.
public final class SharedConnection: Sendable {
  /// The file, as the first user named it.
  public let path: String
  private let opener: @Sendable (String) throws -> Connection
  private let slot = Mutex(Slot())

  /// The open connection, if any. `@unchecked Sendable` invariant: only touched under `slot`'s lock.
  private struct Slot: @unchecked Sendable {
    var connection: Connection?
  }

  private init(path: String, open: @escaping @Sendable (String) throws -> Connection) {
    self.path = path
    opener = open
  }

  deinit {
    slot.withLock { $0.connection?.close() }
  }

  /// The instance of this process for the file at `path`, made now (without opening anything)
  /// when no one in the process holds one.
  ///
  /// - Parameters:
  ///   - path: the database file; names of one file (a relative path, a linked folder) are told
  ///     apart only as far as `realpath` of its folder does.
  ///   - open: opens and prepares the connection (schema, pragmas) at first use; the first
  ///     caller's is used while the instance lives.
  public static func forFile(
    _ path: String, open: @escaping @Sendable (String) throws -> Connection
  ) -> SharedConnection {
    let key = canonicalPath(path)
    return registry.withLock { files in
      if let live = files[key]?.instance { return live }
      let made = SharedConnection(path: path, open: open)
      files[key] = WeakInstance(instance: made)
      files = files.filter { $0.value.instance != nil }
      return made
    }
  }

  /// Runs `body` on the connection, opening it first when it is not open.
  ///
  /// - Throws: what opening throws (the connection then stays closed), or what `body` throws.
  public func withConnection<T>(_ body: (Connection) throws -> T) throws -> T {
    try slot.withLock { slot in
      let connection: Connection
      if let open = slot.connection {
        connection = open
      } else {
        connection = try opener(path)
        slot.connection = connection
      }
      return try body(connection)
    }
  }

  /// Closes the connection now, then runs `body` (moving the file aside, say) before anyone in
  /// the process can open it again; the next ``withConnection(_:)`` opens the file anew.
  public func close(then body: () -> Void = {}) {
    slot.withLock { slot in
      slot.connection?.close()
      slot.connection = nil
      body()
    }
  }

  // MARK: - The registry

  private struct WeakInstance: @unchecked Sendable {
    // Invariant: read and written only under `registry`'s lock.
    weak var instance: SharedConnection?
  }

  private static let registry = Mutex<[String: WeakInstance]>([:])

  /// `path` with its folder resolved (`realpath`), so two spellings of one folder meet.
  static func canonicalPath(_ path: String) -> String {
    let slash = path.lastIndex(of: "/")
    let folder = slash.map { String(path[..<$0]) } ?? "."
    let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
    guard let resolved = realpath(folder.isEmpty ? "/" : folder, nil) else { return path }
    defer { free(resolved) }
    let base = String(cString: resolved)
    return (base == "/" ? "" : base) + "/" + name
  }
}
