import Foundation
import RocketClient
import SQLite
import TestSupport
import Testing

@testable import RocketReserverCLI

/// The outbox file: private, ordered, partitioned by endpoint and user, and a damaged file is a
/// clear error that leaves the file alone.
@Suite struct OutboxStoreTests {
  private static func mode(_ path: String) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    return (attributes[.posixPermissions] as? Int ?? 0) & 0o777
  }

  @Test func entriesKeepTheirOrderAndOwnerInAPrivateFile() throws {
    let directory = try TemporaryDirectory(prefix: "outbox-store")
    let path = directory.child("state/rocket-reserver/outbox.sqlite")
    let store = OutboxStore(path: path)
    #expect(try store.entries(endpoint: "e", user: "ada") == [], "no file, no entries, nothing created")
    #expect(!FileManager.default.fileExists(atPath: path))
    let first = try store.append(
      .book, launchID: "42", idempotencyKey: "k1", previousIsBooked: false, endpoint: "e", user: "ada",
      now: 100)
    try store.append(
      .cancel, launchID: "7", idempotencyKey: "k2", previousIsBooked: nil, endpoint: "e", user: "ada",
      now: 101)
    try store.append(
      .book, launchID: "1", idempotencyKey: "k3", previousIsBooked: nil, endpoint: "e", user: "bob", now: 102)
    try store.append(
      .book, launchID: "2", idempotencyKey: "k4", previousIsBooked: nil, endpoint: "f", user: "ada", now: 103)
    #expect(try Self.mode(path) == 0o600)
    #expect(try Self.mode(directory.child("state/rocket-reserver")) == 0o700)
    let ada = try store.entries(endpoint: "e", user: "ada")
    #expect(ada.map(\.summary) == ["book 42", "cancel 7"])
    #expect(ada.first == first && first.previousIsBooked == false && first.idempotencyKey == "k1")
    #expect(store.count(endpoint: "e", user: "bob") == 1)
    #expect(
      try store.remove(number: first.number, endpoint: "e", user: "carol") == nil, "no entry of carol's")
    #expect(try store.remove(number: first.number, endpoint: "f", user: "ada")?.launchID == "2", "f's own 1")
    #expect(try store.remove(number: first.number, endpoint: "e", user: "ada") == first)
    #expect(try store.entries(endpoint: "e", user: "ada").map(\.summary) == ["cancel 7"])
  }

  @Test func entriesAreNumberedFromOneAgainOnceTheOutboxEmpties() throws {
    let directory = try TemporaryDirectory(prefix: "outbox-numbers")
    let store = OutboxStore(path: directory.child("outbox.sqlite"))
    func append(_ id: String, user: String = "ada") throws -> OutboxEntry {
      try store.append(
        .book, launchID: id, idempotencyKey: "k\(id)", previousIsBooked: nil, endpoint: "e", user: user,
        now: 0)
    }
    #expect(try append("104").number == 1)
    #expect(try append("105").number == 2)
    #expect(try append("7", user: "bob").number == 1, "each user's outbox counts from 1")
    let sent = try #require(try store.entries(endpoint: "e", user: "ada").first)
    try store.remove(sent)
    #expect(try append("106").number == 3, "numbers shown stay as they were while entries wait")
    try store.remove(number: 2, endpoint: "e", user: "ada")
    try store.remove(number: 3, endpoint: "e", user: "ada")
    #expect(store.count(endpoint: "e", user: "ada") == 0)
    let next = try append("108")
    #expect(next.number == 1, "an empty outbox starts again from 1")
    #expect(try store.remove(number: 1, endpoint: "e", user: "ada") == next)
    // Removing what was sent goes by the row, not the number that came back.
    try store.remove(sent)
    #expect(store.count(endpoint: "e", user: "bob") == 1)
  }

  @Test func anOutboxOfTheFirstSchemaKeepsItsEntriesAndNumbers() throws {
    let directory = try TemporaryDirectory(prefix: "outbox-upgrade")
    let path = directory.child("outbox.sqlite")
    do {
      let old = try Connection(path: path)
      try old.execute(
        """
        CREATE TABLE entries (id INTEGER PRIMARY KEY AUTOINCREMENT, endpoint TEXT NOT NULL, user TEXT NOT NULL,
          action TEXT NOT NULL, launch_id TEXT NOT NULL, idempotency_key TEXT NOT NULL, queued_at INTEGER NOT NULL,
          previous_is_booked INTEGER);
        CREATE INDEX entries_by_owner ON entries (endpoint, user, id);
        INSERT INTO entries VALUES (4, 'e', 'ada', 'cancel', '9', 'k', 1, 1);
        PRAGMA application_id = \(OutboxStore.applicationID);
        PRAGMA user_version = 1;
        """)
      old.close()
    }
    let store = OutboxStore(path: path)
    let entries = try store.entries(endpoint: "e", user: "ada")
    #expect(entries.map(\.number) == [4] && entries.first?.summary == "cancel 9")
    #expect(
      try store.append(
        .book, launchID: "1", idempotencyKey: "k2", previousIsBooked: nil, endpoint: "e", user: "ada", now: 2
      ).number == 5)
  }

  @Test func aDamagedFileIsAClearErrorAndIsLeftAlone() throws {
    let directory = try TemporaryDirectory(prefix: "outbox-damaged")
    let path = directory.child("outbox.sqlite")
    let garbage = Data(repeating: 0x5A, count: 4096)
    try garbage.write(to: URL(fileURLWithPath: path))
    let store = OutboxStore(path: path)
    let error = try #require(throws: OutboxError.self) { try store.entries(endpoint: "e", user: "ada") }
    guard case .damaged = error else {
      Issue.record("expected a damaged file, got \(error)")
      return
    }
    #expect(error.description.contains(path) && error.description.contains("move it aside"))
    #expect(throws: OutboxError.self) {
      try store.append(
        .book, launchID: "1", idempotencyKey: "k", previousIsBooked: nil, endpoint: "e", user: "a", now: 0)
    }
    #expect(store.count(endpoint: "e", user: "ada") == 0, "the prompt does not fail")
    #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == garbage)
  }
}
