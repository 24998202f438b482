/// Where the embedded backend's database lives.
enum DataLocation {
  /// The database file `backend.sqlite` in `directory` (from `--data-dir`).
  static func databasePath(inDirectory directory: String) -> String {
    var directory = directory
    while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
    return directory == "/" ? "/backend.sqlite" : directory + "/backend.sqlite"
  }
}
