import Foundation
import Glibc
import POSIXFiles
import RocketClient
import TestSupport
import Testing

@testable import RocketReserverCLI

/// A store in a fresh temporary config directory (which the store must create itself).
private struct Fixture {
  let temporary: TemporaryDirectory
  let directory: String
  let path: String
  let store: FileCredentialStore

  init() throws {
    temporary = try TemporaryDirectory()
    let directories = try ApplicationDirectories(
      environment: ["XDG_CONFIG_HOME": temporary.child("config")], homeDirectory: temporary.path)
    directory = directories.config
    path = directories.credentialsFile
    store = FileCredentialStore(path: directories.credentialsFile)
  }
}

private let ada = Credential(
  endpoint: Credential.embeddedEndpoint, email: "ada@example.com", token: "s3cr3t-ada")
private let grace = Credential(
  endpoint: "http://127.0.0.1:4000/graphql", email: "grace@example.com", token: "s3cr3t-grace")

@Suite struct FileCredentialStoreTests {
  @Test func firstSaveCreatesA0700DirectoryAndA0600File() throws {
    let fixture = try Fixture()
    #expect(!exists(fixture.directory))
    try fixture.store.save(ada)
    #expect(permissions(fixture.directory) == 0o700)
    #expect(permissions(fixture.path) == 0o600)
    #expect(fixture.store.location == fixture.path)
    #expect(fixture.path.hasSuffix("/config/rocket-reserver/credentials.json"))
  }

  @Test func rewritingKeeps0600AndNarrowsAWideDirectory() throws {
    let fixture = try Fixture()
    try fixture.store.save(ada)
    #expect(chmod(fixture.directory, 0o755) == 0)
    try fixture.store.save(grace)
    try fixture.store.save(Credential(endpoint: ada.endpoint, email: ada.email, token: "rotated"))
    #expect(permissions(fixture.directory) == 0o700)
    #expect(permissions(fixture.path) == 0o600)
    #expect(try fixture.store.credential(for: ada.endpoint)?.token == "rotated")
  }

  @Test func roundTripsSeveralEndpointsAndReplacesPerEndpoint() throws {
    let fixture = try Fixture()
    #expect(try fixture.store.credential(for: ada.endpoint) == nil)
    try fixture.store.save(ada)
    try fixture.store.save(grace)
    let other = Credential(endpoint: "https://example.org/graphql", email: "x@example.org", token: "t\"\\/é")
    try fixture.store.save(other)
    let reopened = FileCredentialStore(path: fixture.path)
    #expect(try reopened.credential(for: ada.endpoint) == ada)
    #expect(try reopened.credential(for: grace.endpoint) == grace)
    #expect(try reopened.credential(for: other.endpoint) == other)
    #expect(try reopened.credential(for: "http://127.0.0.1:4000/graphql/") == nil)
    let replaced = Credential(endpoint: grace.endpoint, email: "hopper@example.com", token: "new")
    try reopened.save(replaced)
    #expect(try fixture.store.credential(for: grace.endpoint) == replaced)
    #expect(try fixture.store.credential(for: ada.endpoint) == ada)
  }

  @Test func removeDeletesOneEndpointAndTheFileWithTheLast() throws {
    let fixture = try Fixture()
    #expect(try fixture.store.remove(endpoint: ada.endpoint) == false)
    #expect(!exists(fixture.directory), "removing with no file creates nothing")
    try fixture.store.save(ada)
    try fixture.store.save(grace)
    #expect(try fixture.store.remove(endpoint: ada.endpoint))
    #expect(try fixture.store.remove(endpoint: ada.endpoint) == false)
    #expect(try fixture.store.credential(for: ada.endpoint) == nil)
    #expect(try fixture.store.credential(for: grace.endpoint) == grace)
    #expect(try fixture.store.remove(endpoint: grace.endpoint))
    #expect(!exists(fixture.path))
  }

  @Test func groupReadableFileIsRefusedWithTheChmodFix() throws {
    let fixture = try Fixture()
    try fixture.store.save(ada)
    #expect(chmod(fixture.path, 0o640) == 0)
    let expected =
      "credentials file \(fixture.path) is accessible by other users (mode 0640); refusing to use it. "
      + "Fix it with: chmod 600 \(fixture.path)"
    let error = try #require(throws: FileCredentialStore.StoreError.self) {
      try fixture.store.credential(for: ada.endpoint)
    }
    #expect(error.description == expected)
    #expect(throws: FileCredentialStore.StoreError.self) { try fixture.store.save(grace) }
    #expect(chmod(fixture.path, 0o600) == 0)
    #expect(try fixture.store.credential(for: ada.endpoint) == ada)
  }

  @Test func chmodFixQuotesAPathWithSpaces() {
    let error = FileCredentialStore.StoreError.insecurePermissions(path: "/tmp/my dir/c.json", mode: 0o100604)
    #expect(
      error.description.hasSuffix(
        "(mode 0604); refusing to use it. Fix it with: chmod 600 '/tmp/my dir/c.json'"))
  }

  @Test func symbolicLinkAtThePathIsRefused() throws {
    let fixture = try Fixture()
    let elsewhere = try Fixture()
    try elsewhere.store.save(ada)
    try PrivateDirectory.ensure(fixture.directory)
    #expect(symlink(elsewhere.path, fixture.path) == 0)
    #expect(throws: FileCredentialStore.StoreError.symbolicLink(path: fixture.path)) {
      try fixture.store.credential(for: ada.endpoint)
    }
    #expect(throws: FileCredentialStore.StoreError.symbolicLink(path: fixture.path)) {
      try fixture.store.save(grace)
    }
    #expect(try elsewhere.store.credential(for: grace.endpoint) == nil, "the link target is untouched")
  }

  @Test func directoryAtThePathIsRefused() throws {
    let fixture = try Fixture()
    try FileManager.default.createDirectory(atPath: fixture.path, withIntermediateDirectories: true)
    #expect(throws: FileCredentialStore.StoreError.notARegularFile(path: fixture.path)) {
      try fixture.store.credential(for: ada.endpoint)
    }
  }

  @Test func corruptFileIsReportedAndNeverOverwritten() throws {
    let fixture = try Fixture()
    try PrivateDirectory.ensure(fixture.directory)
    let garbage = Data("{\"version\": 1, \"credentials\": {\"embedded\": {\"token\": \"abc".utf8)
    #expect(
      FileManager.default.createFile(
        atPath: fixture.path, contents: garbage, attributes: [.posixPermissions: 0o600]))
    let corrupt = FileCredentialStore.StoreError.corrupt(path: fixture.path, reason: "not valid JSON")
    #expect(throws: corrupt) { try fixture.store.credential(for: ada.endpoint) }
    #expect(throws: corrupt) { try fixture.store.save(ada) }
    #expect(throws: corrupt) { try fixture.store.remove(endpoint: ada.endpoint) }
    #expect(FileManager.default.contents(atPath: fixture.path) == garbage)
    #expect(
      corrupt.description
        == "credentials file \(fixture.path) is not valid JSON; refusing to read or overwrite it. "
        + "Repair it, or remove it (rm \(fixture.path)) and log in again")
    #expect(!corrupt.description.contains("abc"))
  }

  @Test func wrongLayoutAndNewerVersionAreReported() throws {
    let fixture = try Fixture()
    try PrivateDirectory.ensure(fixture.directory)
    let attributes: [FileAttributeKey: Any] = [.posixPermissions: 0o600]
    #expect(
      FileManager.default.createFile(
        atPath: fixture.path, contents: Data("[1, 2]".utf8), attributes: attributes))
    #expect(
      throws: FileCredentialStore.StoreError.corrupt(
        path: fixture.path, reason: "missing its \"version\" number")
    ) {
      try fixture.store.credential(for: ada.endpoint)
    }
    #expect(
      FileManager.default.createFile(
        atPath: fixture.path, contents: Data(#"{"version": 2, "tokens": []}"#.utf8), attributes: attributes))
    #expect(throws: FileCredentialStore.StoreError.unsupportedVersion(path: fixture.path, version: 2)) {
      try fixture.store.save(ada)
    }
  }

  @Test func staleTemporaryFilesAreCleanedByTheNextSave() throws {
    let fixture = try Fixture()
    try fixture.store.save(ada)
    let stale = fixture.directory + "/credentials.json.tmp-999999-dead"
    #expect(FileManager.default.createFile(atPath: stale, contents: Data("{".utf8)))
    try fixture.store.save(grace)
    #expect(!exists(stale))
    let names = try FileManager.default.contentsOfDirectory(atPath: fixture.directory).sorted()
    #expect(names == ["credentials.json", "credentials.json.lock"])
    #expect(permissions(fixture.directory + "/credentials.json.lock") == 0o600)
  }

  @Test func concurrentSavesOfDifferentEndpointsLoseNothing() async throws {
    let fixture = try Fixture()
    let store = fixture.store
    let endpoints = (0..<16).map { "http://host-\($0).example/graphql" }
    await withTaskGroup(of: Void.self) { group in
      for endpoint in endpoints {
        group.addTask {
          try? store.save(Credential(endpoint: endpoint, email: "a@example.com", token: "t-" + endpoint))
        }
      }
    }
    for endpoint in endpoints {
      #expect(try store.credential(for: endpoint)?.token == "t-" + endpoint)
    }
  }
}
