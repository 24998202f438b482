import FoundationEssentials

/// Where `rocket-reserver` keeps its files, following the XDG Base Directory specification.
///
/// Each directory is `<base>/rocket-reserver`, where `<base>` is the matching `XDG_*_HOME`
/// variable when it is set to an absolute path, and the XDG default under the home directory
/// otherwise (the spec says relative values are invalid and must be ignored):
///
/// | property | variable | default |
/// |---|---|---|
/// | ``config`` | `XDG_CONFIG_HOME` | `~/.config` |
/// | ``state`` | `XDG_STATE_HOME` | `~/.local/state` |
/// | ``data`` | `XDG_DATA_HOME` | `~/.local/share` |
/// | ``cache`` | `XDG_CACHE_HOME` | `~/.cache` |
///
/// Computing the paths touches nothing on disk; each file's owner prepares its directory
/// (`PrivateDirectory.ensure`) before writing into it. A plain value, safe to share between threads.
///
/// For example:
/// ```swift
/// let directories = try ApplicationDirectories()
/// let store = FileCredentialStore(path: directories.credentialsFile)
/// ```
struct ApplicationDirectories: Sendable, Equatable {
  /// The folder name used under every XDG base directory.
  static let applicationName = "rocket-reserver"

  /// Configuration: the credentials file lives here.
  let config: String
  /// State that should survive restarts but is not configuration (the program keeps its REPL
  /// history here).
  let state: String
  /// User data (the program keeps its embedded backend's database here).
  let data: String
  /// Disposable data: the client's normalized cache.
  let cache: String

  /// `<config>/credentials.json`, the file ``FileCredentialStore`` uses.
  var credentialsFile: String { config + "/credentials.json" }
  /// `<cache>/cache.sqlite`, the file the program gives the client's SQLite cache.
  var cacheDatabaseFile: String { cache + "/cache.sqlite" }
  /// `<state>/outbox.sqlite`, the changes waiting for a server (``OutboxStore``): state, not
  /// cache, since losing it loses what the user asked for.
  var outboxFile: String { state + "/outbox.sqlite" }

  /// Resolves the directories from an environment.
  ///
  /// - Parameters:
  ///   - environment: the variables to read (default: this process's environment). Tests pass
  ///     a dictionary pointing the `XDG_*_HOME` variables at temporary folders.
  ///   - homeDirectory: the home directory used for the defaults (default: `HOME` from
  ///     `environment` when absolute, else the user database entry of the current user).
  /// - Throws: ``DirectoryError/noHomeDirectory`` when a default is needed and no absolute home
  ///   directory can be found.
  init(
    environment: [String: String] = ProcessInfo.processInfo.environment,
    homeDirectory: String? = nil
  ) throws {
    let home = homeDirectory ?? Self.absolute(environment["HOME"]) ?? UserDatabase.homeDirectory()
    func resolve(_ variable: String, _ defaultRelativeToHome: String) throws -> String {
      if let base = Self.absolute(environment[variable]) {
        return Self.joined(base, Self.applicationName)
      }
      guard let home, home.hasPrefix("/") else { throw DirectoryError.noHomeDirectory }
      return Self.joined(Self.joined(home, defaultRelativeToHome), Self.applicationName)
    }
    config = try resolve("XDG_CONFIG_HOME", ".config")
    state = try resolve("XDG_STATE_HOME", ".local/state")
    data = try resolve("XDG_DATA_HOME", ".local/share")
    cache = try resolve("XDG_CACHE_HOME", ".cache")
  }

  /// The value when it is an absolute path, nil when unset, empty or relative.
  private static func absolute(_ value: String?) -> String? {
    guard let value, value.hasPrefix("/") else { return nil }
    return value
  }

  /// Joins two path pieces with exactly one slash between them.
  static func joined(_ base: String, _ name: String) -> String {
    var base = base
    while base.count > 1 && base.hasSuffix("/") { base.removeLast() }
    return base == "/" ? "/" + name : base + "/" + name
  }
}
