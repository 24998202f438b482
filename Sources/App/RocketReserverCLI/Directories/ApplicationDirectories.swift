import FoundationEssentials

/// Where `rocket-reserver` keeps its files, following the XDG Base Directory specification: each
/// directory is `<base>/rocket-reserver`, where `<base>` is the matching `XDG_*_HOME` variable
/// when it is an absolute path (the spec says to ignore relative ones), else the XDG default under
/// the home directory. Computing the paths touches nothing on disk.
struct ApplicationDirectories: Sendable, Equatable {
  static let applicationName = "rocket-reserver"

  /// `XDG_CONFIG_HOME`, `~/.config`: the credentials file.
  let config: String
  /// `XDG_STATE_HOME`, `~/.local/state`: the shell's history, the outbox.
  let state: String
  /// `XDG_DATA_HOME`, `~/.local/share`: the embedded backend's database.
  let data: String
  /// `XDG_CACHE_HOME`, `~/.cache`: the client's normalized cache.
  let cache: String

  var credentialsFile: String { config + "/credentials.json" }
  var cacheDatabaseFile: String { cache + "/cache.sqlite" }
  /// State, not cache: losing it loses what the user asked for.
  var outboxFile: String { state + "/outbox.sqlite" }

  /// Resolves the directories from `environment`, with `homeDirectory` (default: `HOME` when
  /// absolute, else the user database's entry) for the defaults.
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
