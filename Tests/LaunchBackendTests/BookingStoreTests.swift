import Foundation
import LaunchBackend
import SQLite
import TestSupport
import Testing

/// What only the SQLite store does: files, modes and `user_version` (the shared behaviour is in
/// `BookingStoreBehaviourTests`).
@Suite struct BookingStoreTests {
  private let dir: TemporaryDirectory
  private let path: String

  init() throws {
    dir = try TemporaryDirectory()
    path = dir.child("data/rocket-reserver/backend.sqlite")
  }

  private func login(_ store: SQLiteBookingStore, _ email: String) throws -> (user: StoredUser, token: String)
  {
    try store.login(email: EmailAddress(validating: email))
  }

  @Test func initCreatesAPrivateFolderAndFile() throws {
    let store = try SQLiteBookingStore(path: path)
    defer { store.close() }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(folderMode == 0o700)
    #expect(fileMode == 0o600)
  }

  @Test func tokensAreNeverStoredInClear() throws {
    let store = try SQLiteBookingStore(path: path)
    let (_, token) = try login(store, "ada@example.com")
    let digest = try #require(SessionToken(text: token)).digest
    var bytes = Data()
    for file in [path, path + "-wal"] {
      if let data = FileManager.default.contents(atPath: file) { bytes.append(data) }
    }
    #expect(bytes.range(of: Data(token.utf8)) == nil)
    // The search itself works: the digest and the email are there.
    #expect(bytes.range(of: digest) != nil)
    #expect(bytes.range(of: Data("ada@example.com".utf8)) != nil)
  }

  @Test func reopeningKeepsDataAndDoesNotMigrateAgain() throws {
    let ada: StoredUser
    let token: String
    do {
      let store = try SQLiteBookingStore(path: path)
      (ada, token) = try login(store, "ada@example.com")
      try store.book(userID: ada.id, launchIDs: [5, 3])
      store.close()
    }
    let reopened = try SQLiteBookingStore(path: path)
    #expect(try reopened.user(forToken: token) == ada)
    #expect(try reopened.bookedLaunchIDs(userID: ada.id) == [5, 3])
    #expect(try login(reopened, "ada@example.com").user == ada)
    let version = try Migrator.version(of: Connection(path: path, readOnly: true))
    #expect(version == 6)
  }

  @Test func aDatabaseFromANewerProgramIsRefused() throws {
    do {
      let store = try SQLiteBookingStore(path: path)
      store.close()
    }
    try Connection(path: path).execute("PRAGMA user_version = 99")
    #expect(throws: BookingStoreError.databaseTooNew(path: path, found: 99, supported: 6)) {
      _ = try SQLiteBookingStore(path: path)
    }
  }

  @Test func aClosedStoreFailsWithAStorageError() throws {
    let store = try SQLiteBookingStore(path: path)
    store.close()
    let error = try #require(throws: BookingStoreError.self) { try store.totalTripsBooked() }
    guard case .storageFailed = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(!error.description.contains("SELECT"))
  }
}
