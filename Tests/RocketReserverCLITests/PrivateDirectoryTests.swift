import Foundation
import Glibc
import POSIXFiles
import TestSupport
import Testing

/// The folders of private files: made 0700, narrowed when wide, a symbolic link refused.
@Suite struct PrivateDirectoryTests {
  @Test func ensureCreatesMissingComponentsWith0700() throws {
    let temporary = try TemporaryDirectory()
    let target = temporary.child("a/b/rocket-reserver")
    try PrivateDirectory.ensure(target)
    #expect(permissions(temporary.child("a")) == 0o700)
    #expect(permissions(temporary.child("a/b")) == 0o700)
    #expect(permissions(target) == 0o700)
  }

  @Test func ensureNarrowsAWideDirectoryButNotItsParents() throws {
    let temporary = try TemporaryDirectory()
    let parent = temporary.child("config")
    let target = parent + "/rocket-reserver"
    try FileManager.default.createDirectory(atPath: target, withIntermediateDirectories: true)
    #expect(chmod(parent, 0o755) == 0)
    #expect(chmod(target, 0o777) == 0)
    try PrivateDirectory.ensure(target)
    #expect(permissions(target) == 0o700)
    #expect(permissions(parent) == 0o755)
  }

  @Test func ensureRefusesASymbolicLink() throws {
    let temporary = try TemporaryDirectory()
    let real = temporary.child("real")
    let link = temporary.child("link")
    try FileManager.default.createDirectory(atPath: real, withIntermediateDirectories: true)
    #expect(symlink(real, link) == 0)
    #expect(throws: PrivateDirectory.DirectoryError.notADirectory(path: link)) {
      try PrivateDirectory.ensure(link)
    }
  }
}
