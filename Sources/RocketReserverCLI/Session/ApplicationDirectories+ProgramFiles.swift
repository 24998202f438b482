import RocketClient

/// The program's own files under the client's XDG directories: the client knows where its
/// credentials and cache live, the program where its REPL history and embedded backend do.
extension ApplicationDirectories {
  /// `<state>/history`, the REPL's line history.
  var historyFile: String { state + "/history" }
  /// `<data>/backend.sqlite`, the embedded backend's database.
  var backendDatabaseFile: String { data + "/backend.sqlite" }
}
