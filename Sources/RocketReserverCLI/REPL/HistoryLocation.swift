/// Where the interactive shell keeps its history: `$XDG_STATE_HOME/rocket-reserver/history`,
/// with `~/.local/state` when the variable is unset, empty or relative (as the XDG spec says).
public enum HistoryLocation {
  /// The history file's path, or nil when neither XDG_STATE_HOME nor HOME is usable.
  /// - Parameter environment: the process environment.
  public static func path(environment: [String: String]) -> String? {
    if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
      return join(state, "rocket-reserver/history")
    }
    if let home = environment["HOME"], home.hasPrefix("/") {
      return join(home, ".local/state/rocket-reserver/history")
    }
    return nil
  }

  private static func join(_ directory: String, _ tail: String) -> String {
    directory.hasSuffix("/") ? directory + tail : directory + "/" + tail
  }
}
