/// The program's files under its XDG directories beside the credentials and the cache: the REPL's
/// history and the embedded backend's database.
extension ApplicationDirectories {
  /// `<state>/history`, the REPL's line history.
  var historyFile: String { state + "/history" }
  /// `<data>/backend.sqlite`, the embedded backend's database.
  var backendDatabaseFile: String { data + "/backend.sqlite" }
}
