import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// Over real HTTP, a user only ever sees and changes their own trips, and a token only ever acts
/// as the user it was issued to.
@Suite struct ServeIsolationTests {
  @Test func usersSeeAndChangeOnlyTheirOwnTrips() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-isolation")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let ada = try await server.logIn("ada@example.com")
    let bob = try await server.logIn("bob@example.com")
    let book = "mutation($ids: [ID]!) { bookTrips(launchIds: $ids) { success } }"
    _ = try await server.send(book, variables: ["ids": .array([.string("5")])], token: ada)
    _ = try await server.send(book, variables: ["ids": .array([.string("7")])], token: bob)

    let (_, cancel) = try await server.send(
      "mutation { cancelTrip(launchId: \"5\") { success message launches { id } } }", token: bob)
    #expect(
      cancel["data"]?["cancelTrip"]
        == .object([
          "success": .bool(false), "message": .string("failed to cancel trip"), "launches": .array([]),
        ]))

    let me = "{ me { email trips { id } } launch(id: \"5\") { isBooked } }"
    let (_, adaView) = try await server.send(me, token: ada)
    let (_, bobView) = try await server.send(me, token: "Bearer " + bob)
    #expect(adaView["data"]?["me"]?["email"] == .string("ada@example.com"))
    #expect(adaView["data"]?["me"]?["trips"] == .array([.object(["id": .string("5")])]))
    #expect(adaView["data"]?["launch"]?["isBooked"] == .bool(true))
    #expect(bobView["data"]?["me"]?["email"] == .string("bob@example.com"))
    #expect(bobView["data"]?["me"]?["trips"] == .array([.object(["id": .string("7")])]))
    #expect(bobView["data"]?["launch"]?["isBooked"] == .bool(false))
  }

  @Test func forgedTokensAreAnonymous() async throws {
    let directory = try TemporaryDirectory(prefix: "serve-isolation")
    let server = try ServeProcess(dataDirectory: directory.child("data"))
    let real = try await server.logIn("ada@example.com")
    // The hosted tutorial server's token is base64 of the email; ours must not accept that,
    // nor a real token with one character changed.
    let forgeries = [
      Data("ada@example.com".utf8).base64EncodedString(),
      String(real.dropLast()) + (real.hasSuffix("A") ? "B" : "A"),
    ]
    for forged in forgeries {
      let (_, me) = try await server.send("{ me { email } }", token: forged)
      #expect(me["data"]?["me"] == .null)
      let (_, booking) = try await server.send(
        "mutation { bookTrips(launchIds: [\"1\"]) { success } }", token: forged)
      #expect(booking["errors"]?[0]?["extensions"]?["code"] == .string("UNAUTHENTICATED"))
    }
  }
}
