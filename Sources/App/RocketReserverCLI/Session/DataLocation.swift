import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Where the embedded backend's database lives.
enum DataLocation {
  /// Why the folder of `databasePath` cannot hold the database, or nil.
  static func problem(withDirectoryOf databasePath: String) -> String? {
    let directory = parent(of: databasePath)
    var info = stat()
    if stat(directory, &info) == 0 {
      if (info.st_mode & S_IFMT) != S_IFDIR {
        return "the data directory \(directory) is a file, not a directory"
      }
      if access(directory, W_OK | X_OK) != 0 { return "the data directory \(directory) is not writable" }
      return nil
    }
    // The nearest ancestor that exists decides whether the folder can be made.
    var ancestor = directory
    while stat(ancestor, &info) != 0 {
      let parent = parent(of: ancestor)
      guard parent != ancestor, !parent.isEmpty else { return nil }
      ancestor = parent
    }
    if (info.st_mode & S_IFMT) != S_IFDIR {
      return "cannot create the data directory \(directory): \(ancestor) is a file, not a directory"
    }
    if access(ancestor, W_OK | X_OK) != 0 {
      return "cannot create the data directory \(directory): \(ancestor) is not writable"
    }
    return nil
  }

  /// The folder part of `path` (`/a/b` for `/a/b/c`, `/` for `/a`, empty for a bare name).
  static func parent(of path: String) -> String {
    var trimmed = Substring(path)
    while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed.removeLast() }
    guard let slash = trimmed.lastIndex(of: "/") else { return "" }
    if slash == trimmed.startIndex { return "/" }
    return String(trimmed[..<slash])
  }

  /// Whether `directory` exists (as a directory or anything else: `problem` tells the rest).
  static func exists(_ directory: String) -> Bool {
    var info = stat()
    return stat(directory, &info) == 0
  }

  /// Why a `--data-dir` given to a client command cannot be used, or nil: only `serve` creates
  /// one, so a mistyped one is never a new, empty database.
  static func missingDirectoryProblem(_ directory: String) -> String? {
    guard !exists(directory) else { return nil }
    return "the data directory \(directory) (--data-dir) does not exist: create it, or start "
      + "'rocket-reserver serve --data-dir \(directory)', which does"
  }

  /// The database file `backend.sqlite` in `directory` (from `--data-dir`).
  static func databasePath(inDirectory directory: String) -> String {
    var directory = directory
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    return directory == "/" ? "/backend.sqlite" : directory + "/backend.sqlite"
  }
}
