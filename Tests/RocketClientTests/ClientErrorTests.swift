import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// How failures reach the user: each case's error and its message.
@Suite struct ClientErrorTests {
  private func client(_ url: URL, timeout: Duration = .seconds(10)) -> RocketClient {
    RocketClient(
      transport: HTTPTransport(endpoint: url, client: HTTPClient(timeout: timeout)), credentials: nil,
      endpointKey: url.absoluteString)
  }

  /// A stub answering `response`, and a client for it; keep it alive while the client is used.
  private struct Stubbed {
    let stub: LoopbackHTTPStub
    let client: RocketClient
    var url: URL { stub.url() }
  }

  private func stubbed(_ response: LoopbackHTTPStub.Response) throws -> Stubbed {
    let stub = try LoopbackHTTPStub(response: response)
    return Stubbed(stub: stub, client: client(stub.url()))
  }

  @Test func anUnreachableEndpointSaysSoAndNamesIt() async throws {
    let port = try LoopbackHTTPStub.closedPort()
    let url = try #require(URL(string: "http://127.0.0.1:\(port)/graphql"))
    let error = try await clientError { try await client(url).fetch(TotalTripsBookedQuery()) }
    #expect(error == .transport(.connectionRefused(endpoint: url)))
    #expect(error.isUnreachable)
    #expect(error.description == "cannot reach http://127.0.0.1:\(port)/graphql: connection refused")
  }

  @Test func aProxyErrorPageIsAnUnreachableServer() async throws {
    let server = try stubbed(.html("<html><body>502 Bad Gateway</body></html>", status: 502))
    let error = try await clientError { try await server.client.fetch(TotalTripsBookedQuery()) }
    #expect(error == .transport(.serverError(endpoint: server.url, status: 502, body: .html)))
    #expect(error.isUnreachable)
    #expect(error.description.contains(server.url.absoluteString))
  }

  @Test func anHTMLPageWithStatus200IsNotAGraphQLEndpoint() async throws {
    let server = try stubbed(.html("<!doctype html><title>Home</title>", status: 200))
    let error = try await clientError { try await server.client.fetch(TotalTripsBookedQuery()) }
    #expect(error == .transport(.notJSON(endpoint: server.url, status: 200, body: .html)))
    #expect(!error.isUnreachable)
  }

  @Test func jsonThatIsNotAGraphQLResponseIsInvalid() async throws {
    let server = try stubbed(.json(#"{"hello":"world"}"#))
    let error = try await clientError { try await server.client.fetch(TotalTripsBookedQuery()) }
    #expect(
      error
        == .invalidResponse(
          endpoint: server.url.absoluteString, reason: "HTTP 200 with JSON that is not a GraphQL response"))
    let failing = try stubbed(.json(#"{"message":"boom"}"#, status: 500))
    let serverError = try await clientError { try await failing.client.fetch(TotalTripsBookedQuery()) }
    #expect(serverError == .transport(.serverError(endpoint: failing.url, status: 500, body: .json)))
  }

  @Test func truncatedJSONIsInvalid() async throws {
    let server = try stubbed(.json(#"{"data":{"totalTripsBooked":"#))
    let error = try await clientError { try await server.client.fetch(TotalTripsBookedQuery()) }
    guard case .invalidResponse(_, let reason) = error else { throw error }
    #expect(reason.hasPrefix("HTTP 200 with a body that is not valid JSON"))
  }

  @Test func requestErrorsOnA400AreAResultWithTheirMessages() async throws {
    let body = #"""
      {"errors":[{"message":"Syntax Error: Unexpected Name \"quer\".","locations":[{"line":1,"column":1}],
      "extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}
      """#
    let server = try stubbed(.json(body, status: 400))
    let result = try await server.client.fetch(TotalTripsBookedQuery())
    #expect(result.data == nil)
    #expect(result.errors.first?.locations == [GraphQLWire.SourceLocation(line: 1, column: 1)])
    #expect(result.errors.first?.code == "GRAPHQL_PARSE_FAILED")
    let error = try await clientError { try result.requireData() }
    #expect(error.description == #"the server answered: Syntax Error: Unexpected Name "quer"."#)
  }

  @Test func unauthenticatedAnywhereIsNotLoggedIn() async throws {
    let body = #"""
      {"errors":[{"message":"You must be logged in to book trips.","path":["bookTrips"],
      "extensions":{"code":"UNAUTHENTICATED"}}],"data":null}
      """#
    let server = try stubbed(.json(body))
    let error = try await clientError { try await server.client.perform(BookTripsMutation(ids: ["1"])) }
    #expect(
      error
        == .notLoggedIn(
          endpoint: server.url.absoluteString, serverMessage: "You must be logged in to book trips."))
  }

  @Test func aResponseOfTheWrongShapeNamesThePath() async throws {
    let body = #"""
      {"data":{"launches":{"cursor":"c1","hasMore":false,"launches":[
      {"id":"2","site":null,"mission":null,"rocket":null,"isBooked":false},
      {"site":"x","mission":null,"rocket":null,"isBooked":true}]}}}
      """#
    let server = try stubbed(.json(body))
    let error = try await clientError { try await server.client.fetch(LaunchListQuery()) }
    #expect(
      error
        == .decoding(
          operation: "LaunchList",
          ResponseDecodingError(
            path: [.key("launches"), .key("launches"), .index(1), .key("id")], reason: "the field is missing")
        ))
    #expect(
      error.description == "unexpected response to LaunchList at launches.launches.1.id: the field is missing"
    )
  }

  @Test func partialDataKeepsItsErrors() async throws {
    let body = #"""
      {"errors":[{"message":"boom","path":["launch"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],
      "data":{"launch":null}}
      """#
    let server = try stubbed(.json(body))
    let result = try await server.client.fetch(LaunchDetailsQuery(id: "1"))
    #expect(result.data?.launch == nil)
    #expect(result.data != nil)
    #expect(
      result.errors == [
        GraphQLError("boom", path: [.key("launch")], extensions: ["code": .string("INTERNAL_SERVER_ERROR")])
      ])
  }

  @Test func aFieldCaughtToThrowFailsTheReadNamingItsError() async throws {
    // TotalTripsBooked reads `totalTripsBooked @catch(to: THROW)`.
    let body = #"""
      {"errors":[{"message":"boom","path":["totalTripsBooked"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],
      "data":{"totalTripsBooked":null}}
      """#
    let server = try stubbed(.json(body))
    let error = try await clientError { try await server.client.fetch(TotalTripsBookedQuery()) }
    #expect(
      error.description
        == "unexpected response to TotalTripsBooked at totalTripsBooked: the field failed: boom")
  }

  @Test func anEmbeddedBackendFailureIsReported() async throws {
    struct Broken: Error, CustomStringConvertible { var description: String { "disk I/O error" } }
    let client = RocketClient(
      transport: InProcessTransport { _, _ in throw Broken() }, credentials: nil,
      endpointKey: Credential.embeddedEndpoint)
    let error = try await clientError { try await client.fetch(TotalTripsBookedQuery()) }
    #expect(error == .backendFailed(message: "disk I/O error"))
    #expect(error.description == "the embedded backend failed: disk I/O error")
  }

  @Test func aPasswordInTheEndpointIsMasked() {
    let error = RocketClientError.notLoggedIn(
      endpoint: "https://me:hunter2@example.com/graphql", serverMessage: "")
    #expect(
      error.description == "log in first: this needs a logged-in user at https://me:***@example.com/graphql")
    #expect(
      RocketClientError.notLoggedIn(endpoint: Credential.embeddedEndpoint, serverMessage: "").description
        == "log in first: this needs a logged-in user at the embedded backend")
  }
}
