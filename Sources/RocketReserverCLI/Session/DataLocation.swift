import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// Where the embedded backend's database lives.
enum DataLocation {
  /// Why the folder of `databasePath` cannot hold the database, in words naming the folder, or
  /// nil when it exists or can probably be created.
  static func problem(withDirectoryOf databasePath: String) -> String? {
    let directory = (databasePath as NSString).deletingLastPathComponent
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
      let parent = (ancestor as NSString).deletingLastPathComponent
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

  /// The database file `backend.sqlite` in `directory` (from `--data-dir`).
  static func databasePath(inDirectory directory: String) -> String {
    var directory = directory
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    return directory == "/" ? "/backend.sqlite" : directory + "/backend.sqlite"
  }
}
