import RocketClient
import Testing

@testable import RocketReserverCLI

/// Where the program keeps its files: the XDG variables, their defaults and the home directory.
@Suite struct ApplicationDirectoriesTests {
  @Test func absoluteXDGVariablesAreUsed() throws {
    let directories = try ApplicationDirectories(
      environment: [
        "HOME": "/home/ada", "XDG_CONFIG_HOME": "/x/config", "XDG_STATE_HOME": "/x/state/",
        "XDG_DATA_HOME": "/x/data", "XDG_CACHE_HOME": "/x/cache",
      ])
    #expect(directories.config == "/x/config/rocket-reserver")
    #expect(directories.state == "/x/state/rocket-reserver")
    #expect(directories.data == "/x/data/rocket-reserver")
    #expect(directories.cache == "/x/cache/rocket-reserver")
    #expect(directories.credentialsFile == "/x/config/rocket-reserver/credentials.json")
    #expect(directories.cacheDatabaseFile == "/x/cache/rocket-reserver/cache.sqlite")
  }

  @Test func unsetEmptyOrRelativeVariablesFallBackToTheXDGDefaults() throws {
    let unset = try ApplicationDirectories(environment: ["HOME": "/home/ada"])
    let ignored = try ApplicationDirectories(
      environment: [
        "HOME": "/home/ada", "XDG_CONFIG_HOME": "", "XDG_STATE_HOME": "relative/state",
        "XDG_DATA_HOME": "./data", "XDG_CACHE_HOME": "~/.cache",
      ])
    for directories in [unset, ignored] {
      #expect(directories.config == "/home/ada/.config/rocket-reserver")
      #expect(directories.state == "/home/ada/.local/state/rocket-reserver")
      #expect(directories.data == "/home/ada/.local/share/rocket-reserver")
      #expect(directories.cache == "/home/ada/.cache/rocket-reserver")
    }
  }

  @Test func explicitHomeDirectoryWinsOverHOME() throws {
    let directories = try ApplicationDirectories(
      environment: ["HOME": "/home/ada"], homeDirectory: "/home/grace/")
    #expect(directories.config == "/home/grace/.config/rocket-reserver")
  }

  @Test func relativeHomeWithoutXDGVariablesIsAnError() {
    #expect(throws: ApplicationDirectories.DirectoryError.noHomeDirectory) {
      try ApplicationDirectories(environment: [:], homeDirectory: "relative")
    }
  }

  @Test func noHomeIsFineWhenEveryVariableIsSet() throws {
    let directories = try ApplicationDirectories(
      environment: [
        "XDG_CONFIG_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "/d", "XDG_CACHE_HOME": "/",
      ],
      homeDirectory: "")
    #expect(directories.cache == "/rocket-reserver")
  }
}
