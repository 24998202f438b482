import Foundation
import LaunchBackend
import TestSupport
import Testing

/// The booking store implementations the shared behavioural suite runs against.
enum StoreKind: String, CaseIterable, Sendable, CustomTestStringConvertible {
  case sqlite
  case postgres
  /// SQLite behind a `DeferredBookingStore` (the command line's embedded backend), which must
  /// forward every call.
  case deferredSQLite

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
    case .sqlite, .deferredSQLite: database = .sqlite(path: directory.child("data/backend.sqlite"))
    case .postgres: database = .postgres(conninfo: try PostgresCluster.shared().createDatabase(), poolSize: 4)
    }
  }

  /// Closes every store opened on the fixture.
  func close() { opened.forEach { $0.close() } }

  /// Opens a store on the fixture's database; it is closed with the fixture.
  func open() throws -> any BookingStore {
    let database = database
    let store: any BookingStore =
      kind == .deferredSQLite ? DeferredBookingStore { try database.open() } : try database.open()
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

/// CPU time (user + system, in clock ticks of 10 ms) used so far by this process's threads named
/// `trip-event-feed`, read from `/proc/self/task/*/stat`.
func eventFeedThreadTicks() -> Int {
  let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task")) ?? []
  var ticks = 0
  for task in tasks {
    let comm = (try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)) ?? ""
    guard comm.hasPrefix("trip-event-feed"),
      let stat = try? String(contentsOfFile: "/proc/self/task/\(task)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { continue }
    // After "pid (comm)": state is field 3; utime and stime are fields 14 and 15.
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    if fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) { ticks += user + system }
  }
  return ticks
}
