import Foundation
import Glibc
import RocketClient
import TestSupport
import Testing

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

  @Test func ensurePrivateDirectoryCreatesMissingComponentsWith0700() throws {
    let temporary = try TemporaryDirectory()
    let target = temporary.child("a/b/rocket-reserver")
    try ApplicationDirectories.ensurePrivateDirectory(target)
    #expect(permissions(temporary.child("a")) == 0o700)
    #expect(permissions(temporary.child("a/b")) == 0o700)
    #expect(permissions(target) == 0o700)
  }

  @Test func ensurePrivateDirectoryNarrowsAWideDirectoryButNotItsParents() throws {
    let temporary = try TemporaryDirectory()
    let parent = temporary.child("config")
    let target = parent + "/rocket-reserver"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    #expect(chmod(parent, 0o755) == 0)
    #expect(chmod(target, 0o777) == 0)
    try ApplicationDirectories.ensurePrivateDirectory(target)
    #expect(permissions(target) == 0o700)
    #expect(permissions(parent) == 0o755)
  }

  @Test func ensurePrivateDirectoryRefusesASymbolicLink() throws {
    let temporary = try TemporaryDirectory()
    let real = temporary.child("real")
    let link = temporary.child("link")
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
    #expect(symlink(real, link) == 0)
    #expect(throws: ApplicationDirectories.DirectoryError.notADirectory(path: link)) {
      try ApplicationDirectories.ensurePrivateDirectory(link)
    }
  }
}
