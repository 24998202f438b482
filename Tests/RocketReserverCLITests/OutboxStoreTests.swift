import Foundation
import RocketClient
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
    #expect(try store.remove(number: first.number, endpoint: "e", user: "bob") == nil, "another user's entry")
    #expect(try store.remove(number: first.number, endpoint: "e", user: "ada") == first)
    #expect(try store.entries(endpoint: "e", user: "ada").map(\.summary) == ["cancel 7"])
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
