import Foundation
import SQLite
import Synchronization
import TestSupport
import Testing

@testable import LaunchBackend

/// The store remembers sessions it found, so a token is not looked up on every request, and
/// forgets them after their lifetime.
@Suite struct VerifiedSessionsTests {
  private let dir: TemporaryDirectory
  private let path: String

  init() throws {
    dir = try TemporaryDirectory()
    path = dir.child("backend.sqlite")
  }

  @Test func aTokenFoundOnceIsNotLookedUpAgain() throws {
    let store = try SQLiteBookingStore(path: path)
    defer { store.close() }
    let (user, token) = try store.login(email: EmailAddress(validating: "ada@example.com"))
    #expect(try store.user(forToken: token) == user)
    // An operator deletes every session by hand: the remembered one (from the login and the
    // lookup) still answers without the database, which is what saves the lookup; an unknown
    // token is still refused.
    let raw = try SQLite.Connection(path: path)
    try raw.execute("DELETE FROM sessions")
    #expect(try store.user(forToken: token) == user)
    #expect(try store.user(forToken: String(repeating: "A", count: SessionToken.textLength)) == nil)
    // Another store on the same file has not seen the session: it asks the database.
    let other = try SQLiteBookingStore(path: path)
    defer { other.close() }
    #expect(try other.user(forToken: token) == nil)
  }

  @Test func aSessionIsRememberedFromItsLogin() throws {
    let store = try SQLiteBookingStore(path: path)
    defer { store.close() }
    let (user, token) = try store.login(email: EmailAddress(validating: "bo@example.com"))
    try SQLite.Connection(path: path).execute("DELETE FROM sessions")
    #expect(try store.user(forToken: token) == user)
  }

  @Test func aRememberedSessionPastTheAgeIsRefused() throws {
    let store = try SQLiteBookingStore(path: path)
    defer { store.close() }
    let (user, token) = try store.login(email: EmailAddress(validating: "cy@example.com"))
    let now = Int(Date().timeIntervalSince1970)
    // Remembered from the login, and its login time with it: refused without the database too.
    #expect(try store.user(forToken: token, createdSince: now - 60) == user)
    #expect(try store.user(forToken: token, createdSince: now + 60) == nil)
  }

  @Test func aRememberedSessionExpires() throws {
    // A clock the test moves: the expiry does not depend on how busy the machine is.
    let start = ContinuousClock.now
    let elapsed = Mutex(Duration.zero)
    let sessions = VerifiedSessions(lifetime: .seconds(60), capacity: 10) { start + elapsed.withLock { $0 } }
    let user = StoredUser(id: 1, email: "ada@example.com")
    sessions.remember(user, digest: Data([1]), createdAt: 7)
    elapsed.withLock { $0 = .seconds(59) }
    #expect(sessions.session(digest: Data([1])) == VerifiedSessions.Session(user: user, createdAt: 7))
    elapsed.withLock { $0 = .seconds(60) }
    #expect(sessions.session(digest: Data([1])) == nil)
  }

  @Test func atMostCapacitySessionsAreRemembered() {
    let sessions = VerifiedSessions(lifetime: .seconds(60), capacity: 3)
    for id in 1...10 {
      sessions.remember(
        StoredUser(id: id, email: "u\(id)@example.com"), digest: Data([UInt8(id)]), createdAt: 0)
    }
    let remembered = (1...10).filter { sessions.session(digest: Data([UInt8($0)])) != nil }
    #expect(remembered.count <= 3)
    #expect(remembered.contains(10))
  }
}
