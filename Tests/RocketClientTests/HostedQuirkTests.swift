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
    let store: FileCredentialStore
    let stub: LoopbackHTTPStub
    let client: RocketClient

    init(_ fixtures: [String]) throws {
      temporary = try TemporaryDirectory(prefix: "rocket-hosted")
      store = FileCredentialStore(path: temporary.child("credentials.json"))
      stub = try LoopbackHTTPStub(responses: try fixtures.map { .json(try HostedFixture.text($0)) })
      client = RocketClient(
        transport: HTTPTransport(endpoint: stub.url()), credentials: store,
        endpointKey: stub.url().absoluteString)
    }
  }

  private func pager(_ client: RocketClient) -> LaunchPager<LaunchListQuery.Data.Launches.Launch> {
    LaunchPager(id: \.id) { after throws(RocketClientError) in
      let query = LaunchListQuery(pageSize: .some(3), after: after.map { .some($0) } ?? .absent)
      let data = try await client.fetch(query).requireData().launches
      return LaunchPage(launches: data.launches.compactMap { $0 }, cursor: data.cursor, hasMore: data.hasMore)
    }
  }

  @Test func overlappingPagesAndARepeatedCursorEndTheWalk() async throws {
    let hosted = try Hosted(["launches-page-1", "launches-page-2", "launches-page-3"])
    var pager = pager(hosted.client)
    let launches = try await pager.all()
    #expect(launches.map(\.id) == ["110", "109", "108", "107", "106", "105", "104"])
    #expect(launches.first?.mission?.name == "CRS-21")
    #expect(pager.stopReason == .repeatedCursor)
    #expect(hosted.stub.requests.count == 3)
    #expect(try await pager.next() == nil)
    #expect(hosted.stub.requests.count == 3)
  }

  @Test func aServerReturningTheSamePageForeverIsWalkedOnce() async throws {
    let hosted = try Hosted(["launches-page-1"])
    var pager = pager(hosted.client)
    let launches = try await pager.all()
    #expect(launches.map(\.id) == ["110", "109", "108"])
    #expect(pager.stopReason == .noNewLaunches)
    #expect(hosted.stub.requests.count == 2)
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
