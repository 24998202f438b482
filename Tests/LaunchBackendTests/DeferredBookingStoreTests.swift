import Foundation
import GraphQL
import GraphQLWire
import LaunchBackend
import TestSupport
import Testing

/// The embedded backend's store opened on first use: a request that reads only the launch
/// catalog leaves no database behind, a failed open is told and tried again, a closed store
/// stays closed. (The shared behavioural suite runs on it too: `StoreKind.deferredSQLite`.)
@Suite struct DeferredBookingStoreTests {
  @Test func anAnonymousLaunchQueryCreatesNoDatabaseAndALoginDoes() throws {
    let directory = try TemporaryDirectory(prefix: "deferred-store")
    let path = directory.child("data/backend.sqlite")
    let store = DeferredBookingStore { try SQLiteBookingStore(path: path) }
    let backend = try LaunchBackend(store: store)
    defer { backend.close() }
    let launch = backend.process(
      GraphQLRequest(query: "{ launch(id: 5) { mission { name } isBooked } }"), authorization: nil)
    #expect(launch.errors.isEmpty)
    #expect(String(decoding: launch.body, as: UTF8.self).contains(#""isBooked":false"#))
    #expect(!store.isOpen)
    #expect(!FileManager.default.fileExists(atPath: path))

    let login = backend.process(
      GraphQLRequest(query: #"mutation { login(email: "ada@example.com") { token } }"#), authorization: nil)
    #expect(login.errors.isEmpty)
    #expect(store.isOpen)
    #expect(FileManager.default.fileExists(atPath: path))
  }

  @Test func aFailedOpenIsToldAndTriedAgain() throws {
    let directory = try TemporaryDirectory(prefix: "deferred-store")
    let path = directory.child("backend.sqlite")
    // A folder where the file should be: SQLite cannot open it.
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    let store = DeferredBookingStore { try SQLiteBookingStore(path: path) }
    let backend = try LaunchBackend(store: store)
    defer { backend.close() }
    let total = backend.process(GraphQLRequest(query: "{ totalTripsBooked }"), authorization: nil)
    #expect(total.errors.first?.code == "INTERNAL_SERVER_ERROR")
    #expect(store.failedOpens == 1)
    #expect("\(try #require(store.openFailure))".contains("cannot open the booking database \(path)"))

    try FileManager.default.removeItem(atPath: path)
    let again = backend.process(GraphQLRequest(query: "{ totalTripsBooked }"), authorization: nil)
    #expect(again.errors.isEmpty)
    #expect(store.failedOpens == 1)
    #expect(store.openFailure == nil)
  }

  @Test func aClosedStoreDoesNotOpenAgain() throws {
    let directory = try TemporaryDirectory(prefix: "deferred-store")
    let path = directory.child("backend.sqlite")
    let store = DeferredBookingStore { try SQLiteBookingStore(path: path) }
    store.close()
    #expect(throws: BookingStoreError.closed) { try store.totalTripsBooked() }
    #expect(!FileManager.default.fileExists(atPath: path))
  }
}
