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

  /// What Tab offers at the end of `line` in a shell on `context`'s session (whose shell state
  /// remembers what commands noted).
  private func tab(_ line: String, _ context: CommandContext) -> [String] {
    registry.completions(line: line, cursor: line.unicodeScalars.count, context: context)
  }

  @Test func cancelOffersTheBackendsTripsThenFollowsTheSession() async throws {
    let directory = try TemporaryDirectory()
    let database = directory.child("backend.sqlite")
    func makeSession() -> Session {
      Session(
        endpoint: nil, databasePath: database,
        credentials: FileCredentialStore(path: directory.child("credentials.json")))
    }
    let firstSession = makeSession()
    defer { firstSession.close() }
    let first = CommandContext(registry: registry, session: firstSession)
    #expect(tab("launch 11", first) == ["11", "110"])
    #expect(tab("cancel ", first) == [])
    // Neither Tab created the database.
    #expect(!FileManager.default.fileExists(atPath: database))

    try await firstSession.client.logIn(LoginMutation(email: "ada@example.com"), email: "ada@example.com") {
      $0.login?.token
    }
    _ = try await firstSession.client.perform(BookTripsMutation(ids: ["12", "3", "40"]))

    let freshSession = makeSession()
    defer { freshSession.close() }
    let fresh = CommandContext(registry: registry, session: freshSession)
    #expect(tab("cancel ", fresh) == ["3", "12", "40"])
    #expect(tab("cancel 3 4", fresh) == ["40"])
    fresh.shell.noteBookings([(id: "12", isBooked: false), (id: "7", isBooked: true)])
    #expect(tab("cancel ", fresh) == ["3", "7", "40"])
    // `book` is not limited to trips.
    #expect(tab("book 10", fresh).count == 11)
  }
}
