import Foundation
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

@testable import RocketReserverCLI

/// Tab on command arguments, asked of the registry as the shell asks it: launch ids from the
/// embedded catalog, and `cancel` offering the trips the backend has for whoever is logged in.
@Suite struct ArgumentCompletionTests {
  let registry = CommandCatalog.registry

  private func tab(_ line: String, _ session: Session) -> [String] {
    let context = CommandContext(registry: registry, session: session)
    return registry.completions(line: line, cursor: line.unicodeScalars.count, context: context)
  }

  @Test func cancelOffersTheBackendsTripsThenFollowsTheSession() async throws {
    let directory = try TemporaryDirectory()
    let database = directory.child("backend.sqlite")
    func makeSession() -> Session {
      Session(
        endpoint: nil, databasePath: database,
        credentials: FileCredentialStore(path: directory.child("credentials.json")))
    }
    let first = makeSession()
    defer { first.close() }
    #expect(tab("launch 11", first) == ["11", "110"])
    #expect(tab("cancel ", first) == [])
    // Neither Tab created the database.
    #expect(!FileManager.default.fileExists(atPath: database))

    try await first.client.logIn(LoginMutation(email: "ada@example.com"), email: "ada@example.com") {
      $0.login?.token
    }
    _ = try await first.client.perform(BookTripsMutation(ids: ["12", "3", "40"]))

    let fresh = makeSession()
    defer { fresh.close() }
    #expect(tab("cancel ", fresh) == ["3", "12", "40"])
    #expect(tab("cancel 3 4", fresh) == ["40"])
    fresh.noteBookings([(id: "12", isBooked: false), (id: "7", isBooked: true)])
    #expect(tab("cancel ", fresh) == ["3", "7", "40"])
    // `book` is not limited to trips.
    #expect(tab("book 10", fresh).count == 11)
  }
}
