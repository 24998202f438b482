import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Synchronization
import TestSupport
import Testing

/// The auth step: `Authorization: <token>` (bare) after login, none when logged out, per endpoint.
@Suite struct AuthorizationHeaderTests {
  private func logIn(_ client: RocketClient) async throws -> Credential {
    try await client.logIn(LoginMutation(email: "ada@example.com"), email: "ada@example.com") {
      $0.login?.token
    }
  }

  @Test(arguments: TransportKind.allCases)
  func sendsTheBareTokenOnlyWhileLoggedIn(kind: TransportKind) async throws {
    let seen = AuthorizationLog()
    let harness = try ClientHarness(kind) { seen.record($0) }
    #expect(try await harness.client.fetch(MeQuery()).requireData().me == nil)
    let credential = try await logIn(harness.client)
    #expect(try await harness.client.fetch(MeQuery()).requireData().me?.email == "ada@example.com")
    try await harness.client.logOut()
    #expect(try await harness.client.fetch(MeQuery()).requireData().me == nil)
    #expect(seen.values == [nil, nil, credential.token, nil])
    #expect(!credential.token.isEmpty && !credential.token.hasPrefix("Bearer"))
  }

  @Test func httpSendsJSONWithTheGraphQLAcceptHeader() async throws {
    let page = #"{"data":{"launches":{"cursor":"c","hasMore":false,"launches":[]}}}"#
    let stub = try LoopbackHTTPStub(response: .json(page))
    let client = RocketClient.http(endpoint: stub.url(), credentials: nil)
    _ = try await client.fetch(LaunchListQuery(pageSize: .some(2), after: .null))
    let request = try #require(stub.requests.first)
    #expect(request.method == "POST")
    #expect(request.header("content-type") == "application/json")
    #expect(request.header("accept") == HTTPTransport.queryAccept)
    #expect(request.header("x-apollo-operation-name") == "LaunchList")
    #expect(request.header("authorization") == nil)
    let body = try JSON(parsing: [UInt8](request.body))
    #expect(body["query"]?.stringValue == LaunchListQuery.document)
    #expect(body["operationName"]?.stringValue == "LaunchList")
    #expect(body["variables"] == .object(["pageSize": .int(2), "after": .null]))
  }

  @Test func aTokenForAnotherEndpointIsNotSent() async throws {
    let seen = AuthorizationLog()
    let harness = try ClientHarness(.inProcess) { seen.record($0) }
    try harness.store.save(
      Credential(endpoint: "http://127.0.0.1:4000/graphql", email: "x@example.com", token: "other"))
    _ = try await harness.client.fetch(MeQuery())
    #expect(seen.values == [nil])
  }

  @Test func anUnreadableStoreStopsTheRequest() async throws {
    let calls = AuthorizationLog()
    let harness = try ClientHarness(.inProcess) { calls.record($0) }
    try harness.store.save(
      Credential(endpoint: Credential.embeddedEndpoint, email: "x@example.com", token: "t0ken"))
    harness.store.makeUnreadable("credentials file /c.json is accessible by other users; chmod 600 /c.json")
    let error = try await clientError { try await harness.client.fetch(MeQuery()) }
    guard case .credentials(let message) = error else { throw error }
    #expect(message.contains("chmod 600"))
    #expect(!message.contains("t0ken"))
    #expect(calls.values.isEmpty)
  }
}

/// The `Authorization` values the backend received, in order.
private final class AuthorizationLog: Sendable {
  private let log = Mutex<[String?]>([])

  func record(_ value: String?) { log.withLock { $0.append(value) } }

  var values: [String?] { log.withLock { $0 } }
}
