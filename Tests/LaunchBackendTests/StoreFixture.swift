import Foundation
import LaunchBackend
import TestSupport
import Testing

/// The booking store implementations the shared behavioural suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgres

  var testDescription: String { rawValue }
}

/// A fresh, empty database of one kind. Each ``open()`` is another store on the same data, as
/// another process would have. Call ``close()`` at the end of the test (in a `defer`, which also
/// keeps the fixture, and its temporary folder, alive that long).
final class StoreFixture {
  let kind: StoreKind
  let directory: TemporaryDirectory
  let database: BookingDatabase
  private var opened: [any BookingStore] = []

  init(_ kind: StoreKind) throws {
    self.kind = kind
    directory = try TemporaryDirectory(prefix: "store-\(kind.rawValue)")
    switch kind {
    case .sqlite: database = .sqlite(path: directory.child("data/backend.sqlite"))
    case .postgres: database = .postgres(conninfo: try PostgresCluster.shared().createDatabase(), poolSize: 4)
    }
  }

  /// Closes every store opened on the fixture.
  func close() { opened.forEach { $0.close() } }

  /// Opens a store on the fixture's database; it is closed with the fixture.
  func open() throws -> any BookingStore {
    let store = try database.open()
    opened.append(store)
    return store
  }
}

extension BookingStore {
  /// Logs in with an address given as text.
  func login(_ email: String) throws -> (user: StoredUser, token: String) {
    try login(email: EmailAddress(validating: email))
  }

  /// Every logged event, oldest first.
  func allTripEvents() throws -> [TripEvent] { try tripEvents(after: 0, limit: 10_000) }
}

/// The first `count` events of `stream`, or fewer when it ends or 20 s pass (a bound against a
/// hang, not a speed requirement).
func collect(_ stream: AsyncStream<TripEvent>, count: Int) async -> [TripEvent] {
  await withTaskGroup(of: [TripEvent]?.self) { group in
    group.addTask {
      var events: [TripEvent] = []
      for await event in stream {
        events.append(event)
        if events.count == count { break }
      }
      return events
    }
    group.addTask {
      try? await Task.sleep(for: .seconds(20))
      return nil
    }
    let first = await group.next() ?? nil
    group.cancelAll()
    return first ?? []
  }
}

/// Whether `condition` became true within 20 s (a bound against a hang), looking every 10 ms.
func waitUntil(_ condition: () -> Bool) async -> Bool {
  for _ in 0..<2000 {
    if condition() { return true }
    try? await Task.sleep(for: .milliseconds(10))
  }
  return condition()
}
