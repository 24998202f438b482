import Foundation
import LaunchBackend
import SQLite
import TestSupport
import Testing

@Suite struct BookingStoreTests {
  private let dir: TemporaryDirectory
  private let path: String

  init() throws {
    dir = try TemporaryDirectory()
    path = dir.child("data/rocket-reserver/backend.sqlite")
  }

  private func login(_ store: BookingStore, _ email: String) throws -> (user: StoredUser, token: String) {
    try store.login(email: EmailAddress(validating: email))
  }

  @Test func initCreatesAPrivateFolderAndFile() throws {
    let store = try BookingStore(path: path)
    defer { store.close() }
    let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
    let folderMode = try FileManager.default.attributesOfItem(atPath: folder)[.posixPermissions] as? Int
    let fileMode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
    #expect(folderMode == 0o700)
    #expect(fileMode == 0o600)
  }

  @Test func loginTwiceGivesTwoWorkingTokensForOneUser() throws {
    let store = try BookingStore(path: path)
    let first = try login(store, "ada@example.com")
    let second = try login(store, "ada@EXAMPLE.com")
    #expect(first.user == second.user)
    #expect(first.user.email == "ada@example.com")
    #expect(first.token != second.token)
    #expect(try store.user(forToken: first.token) == first.user)
    #expect(try store.user(forToken: second.token) == first.user)
    // The whole address is compared ignoring case; the first spelling stays.
    let shouted = try login(store, "ADA@Example.COM")
    #expect(shouted.user == first.user)
    #expect(shouted.user.email == "ada@example.com")
    let other = try login(store, "bob@example.com")
    #expect(other.user != first.user)
  }

  @Test func forgedOrMalformedTokensAreAnonymous() throws {
    let store = try BookingStore(path: path)
    let (_, token) = try login(store, "ada@example.com")
    let forged = try SessionToken.generate().text
    #expect(try store.user(forToken: forged) == nil)
    #expect(try store.user(forToken: "") == nil)
    #expect(try store.user(forToken: "Bearer " + token) == nil)
    // The hosted server's token was base64 of the email; that must not work here.
    #expect(try store.user(forToken: Data("ada@example.com".utf8).base64EncodedString()) == nil)
    var flipped = Array(token)
    flipped[0] = flipped[0] == "A" ? "B" : "A"
    #expect(try store.user(forToken: String(flipped)) == nil)
  }

  @Test func tokensAreNeverStoredInClear() throws {
    let store = try BookingStore(path: path)
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

  @Test func bookingKeepsOrderAndIsIdempotent() throws {
    let store = try BookingStore(path: path)
    let ada = try login(store, "ada@example.com").user
    #expect(try store.book(userID: ada.id, launchIDs: [42, 7, 42]) == [42, 7])
    #expect(try store.book(userID: ada.id, launchIDs: [7, 1]) == [1])
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [42, 7, 1])
    #expect(try store.isBooked(userID: ada.id, launchID: 7))
    #expect(try !store.isBooked(userID: ada.id, launchID: 8))
    #expect(try store.totalTripsBooked() == 3)
    #expect(try store.book(userID: ada.id, launchIDs: []) == [])
  }

  @Test func bookingForAnUnknownUserFailsAndBooksNothing() throws {
    let store = try BookingStore(path: path)
    #expect(throws: BookingStoreError.unknownUser(id: 999)) {
      try store.book(userID: 999, launchIDs: [1, 2])
    }
    #expect(try store.totalTripsBooked() == 0)
  }

  @Test func usersOnlySeeAndCancelTheirOwnTrips() throws {
    let store = try BookingStore(path: path)
    let ada = try login(store, "ada@example.com").user
    let bob = try login(store, "bob@example.com").user
    try store.book(userID: ada.id, launchIDs: [1, 2])
    try store.book(userID: bob.id, launchIDs: [2, 3])
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 2])
    #expect(try store.bookedLaunchIDs(userID: bob.id) == [2, 3])
    #expect(try !store.isBooked(userID: bob.id, launchID: 1))
    // Bob cannot cancel Ada's trip, and his attempt changes nothing.
    #expect(try store.cancel(userID: bob.id, launchID: 1) == false)
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 2])
    #expect(try store.totalTripsBooked() == 4)
    // Cancelling a shared launch removes only the caller's trip.
    #expect(try store.cancel(userID: bob.id, launchID: 2) == true)
    #expect(try store.cancel(userID: bob.id, launchID: 2) == false)
    #expect(try store.bookedLaunchIDs(userID: ada.id) == [1, 2])
    #expect(try store.bookedLaunchIDs(userID: bob.id) == [3])
    #expect(try store.totalTripsBooked() == 3)
  }

  @Test func reopeningKeepsDataAndDoesNotMigrateAgain() throws {
    let ada: StoredUser
    let token: String
    do {
      let store = try BookingStore(path: path)
      (ada, token) = try login(store, "ada@example.com")
      try store.book(userID: ada.id, launchIDs: [5, 3])
      store.close()
    }
    let reopened = try BookingStore(path: path)
    #expect(try reopened.user(forToken: token) == ada)
    #expect(try reopened.bookedLaunchIDs(userID: ada.id) == [5, 3])
    #expect(try login(reopened, "ada@example.com").user == ada)
    let version = try Migrator.version(of: Connection(path: path, readOnly: true))
    #expect(version == 2)
  }

  @Test func aDatabaseFromANewerProgramIsRefused() throws {
    do {
      let store = try BookingStore(path: path)
      store.close()
    }
    try Connection(path: path).execute("PRAGMA user_version = 99")
    #expect(throws: BookingStoreError.databaseTooNew(path: path, found: 99, supported: 2)) {
      _ = try BookingStore(path: path)
    }
  }

  @Test func aClosedStoreFailsWithAStorageError() throws {
    let store = try BookingStore(path: path)
    store.close()
    let error = try #require(throws: BookingStoreError.self) { try store.totalTripsBooked() }
    guard case .storageFailed = error else {
      Issue.record("unexpected \(error)")
      return
    }
    #expect(!error.description.contains("SELECT"))
  }
}
