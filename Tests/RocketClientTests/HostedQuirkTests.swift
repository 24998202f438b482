import Foundation
import GraphQLAPI
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// The hosted tutorial server's quirks, replayed from `Fixtures/hosted/*.json` over HTTP.
@Suite struct HostedQuirkTests {
  private struct Hosted {
    let temporary: TemporaryDirectory
    let store: MemoryCredentialStore
    let stub: LoopbackHTTPStub
    let client: RocketClient

    init(_ fixtures: [String]) throws {
      temporary = try TemporaryDirectory(prefix: "rocket-hosted")
      store = MemoryCredentialStore()
      stub = try LoopbackHTTPStub(responses: try fixtures.map { .json(try HostedFixture.text($0)) })
      client = RocketClient(
        transport: HTTPTransport(endpoint: stub.url()), credentials: store,
        endpointKey: stub.url().absoluteString)
    }
  }

  @Test func bookingWithoutLoginIsReportedAsLogInFirst() async throws {
    let hosted = try Hosted(["book-trips-not-logged-in"])
    let error = try await clientError { try await hosted.client.perform(BookTripsMutation(ids: ["1"])) }
    #expect(
      error
        == .notLoggedIn(
          endpoint: hosted.stub.url().absoluteString, serverMessage: "Cannot read property 'id' of null"))
    #expect(error.description == "log in first: this needs a logged-in user at \(hosted.stub.url())")
    #expect(!error.description.contains("/app/src"))
  }

  @Test func cancelTripAlwaysReportsSuccessAndDecodes() async throws {
    let hosted = try Hosted(["cancel-trip-not-booked"])
    let update = try await hosted.client.perform(CancelTripMutation(id: "42")).requireData().cancelTrip
    #expect(update.success)
    #expect(update.message == "trip cancelled")
    #expect(update.launches?.map { $0?.id } == ["42"])
  }

  @Test func loginAnsweringNullIsAnInvalidEmail() async throws {
    let hosted = try Hosted(["login-bad-email"])
    let error = try await clientError {
      try await hosted.client.logIn(LoginMutation(email: "nope"), email: "nope") { $0.login?.token }
    }
    #expect(error == .invalidEmail("nope"))
    #expect(try hosted.store.credential(for: hosted.client.endpointKey) == nil)
  }

  @Test func loginSavesTheTokenForThisEndpoint() async throws {
    let hosted = try Hosted(["login"])
    let credential = try await hosted.client.logIn(
      LoginMutation(email: "ada@example.com"), email: "ada@example.com"
    ) { $0.login?.token }
    #expect(credential.token == "YWRhQGV4YW1wbGUuY29t")
    #expect(try hosted.store.credential(for: hosted.stub.url().absoluteString) == credential)
    #expect(try hosted.store.credential(for: Credential.embeddedEndpoint) == nil)
  }
}
