import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// What the client sends with automatic persisted queries, byte for byte, and how it falls back.
@Suite struct PersistedQueryClientTests {
  private static let notFound = LoopbackHTTPStub.Response.json(
    #"{"errors":[{"message":"PersistedQueryNotFound","extensions":{"code":"PERSISTED_QUERY_NOT_FOUND"}}]}"#)
  private static let notSupported = LoopbackHTTPStub.Response.json(
    #"{"errors":[{"message":"PersistedQueryNotSupported","extensions":{"code":"PERSISTED_QUERY_NOT_SUPPORTED"}}]}"#
  )
  private static let total = LoopbackHTTPStub.Response.json(#"{"data":{"totalTripsBooked":3}}"#)

  private static var hash: String { SHA256.hexDigest(TotalTripsBookedQuery.document) }
  private static var extensions: String {
    #"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#
  }

  private func client(_ stub: LoopbackHTTPStub, apq: AutomaticPersistedQueryInterceptor) -> RocketClient {
    let url = stub.url()
    return RocketClient(
      transport: HTTPTransport(endpoint: url, client: HTTPClient(timeout: .seconds(10))), credentials: nil,
      endpointKey: url.absoluteString, interceptors: [apq, RetryInterceptor()])
  }

  private func percentEncoded(_ text: String) -> String {
    text.addingPercentEncoding(
      withAllowedCharacters: .init(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")) ?? ""
  }

  @Test func aQueryGoesAsItsHashByGETThenItsTextByPOSTOnAMiss() async throws {
    let stub = try LoopbackHTTPStub(responses: [Self.notFound, Self.total, Self.total])
    let apq = AutomaticPersistedQueryInterceptor()
    let client = client(stub, apq: apq)

    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)

    let requests = stub.requests
    try #require(requests.count == 3)
    let hashedPath = "/graphql?operationName=TotalTripsBooked&extensions=" + percentEncoded(Self.extensions)
    #expect(requests[0].method == "GET")
    #expect(requests[0].path == hashedPath)
    #expect(requests[0].body.isEmpty)
    #expect(requests[0].header("content-type") == nil)
    #expect(requests[0].header("x-apollo-operation-name") == "TotalTripsBooked")
    // The miss: the text once, by POST, with the hash, which registers it.
    #expect(requests[1].method == "POST")
    #expect(requests[1].path == "/graphql")
    let document = String(decoding: JSON.string(TotalTripsBookedQuery.document).encoded(), as: UTF8.self)
    #expect(
      String(decoding: requests[1].body, as: UTF8.self)
        == #"{"query":\#(document),"operationName":"TotalTripsBooked","extensions":\#(Self.extensions)}"#)
    // Known now: the hash alone, by GET.
    #expect(requests[2].method == "GET")
    #expect(requests[2].path == hashedPath)
    #expect(!apq.isDisabled(for: stub.url().absoluteString))
  }

  @Test func variablesTravelInTheURLAsJSON() async throws {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"data":{"launch":null}}"#))
    let client = client(stub, apq: AutomaticPersistedQueryInterceptor())
    _ = try await client.fetch(LaunchDetailsQuery(id: "7"))
    let hash = SHA256.hexDigest(LaunchDetailsQuery.document)
    #expect(
      stub.requests.first?.path
        == "/graphql?operationName=LaunchDetails&variables=" + percentEncoded(#"{"id":"7"}"#)
        + "&extensions=" + percentEncoded(#"{"persistedQuery":{"version":1,"sha256Hash":"\#(hash)"}}"#))
  }

  @Test func aMutationGoesAsItsHashByPOSTNeverByGET() async throws {
    let stub = try LoopbackHTTPStub(responses: [
      Self.notFound, .json(#"{"data":{"bookTrips":{"success":true,"message":"ok","launches":[]}}}"#),
    ])
    let client = client(stub, apq: AutomaticPersistedQueryInterceptor())
    _ = try await client.perform(BookTripsMutation(ids: ["1"]))
    let requests = stub.requests
    try #require(requests.count == 2)
    #expect(requests.map(\.method) == ["POST", "POST"])
    let first = try JSON(parsing: [UInt8](requests[0].body))
    #expect(first["query"] == nil)
    #expect(
      first["extensions"]?["persistedQuery"]?["sha256Hash"]?.stringValue
        == SHA256.hexDigest(BookTripsMutation.document))
    let second = try JSON(parsing: [UInt8](requests[1].body))
    #expect(second["query"]?.stringValue == BookTripsMutation.document)
  }

  @Test func aServerWithoutAPQIsAskedOnceThenNeverAgainInTheSession() async throws {
    let stub = try LoopbackHTTPStub(responses: [Self.notSupported, Self.total, Self.total])
    let apq = AutomaticPersistedQueryInterceptor()
    let client = client(stub, apq: apq)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    let requests = stub.requests
    try #require(requests.count == 3)
    #expect(requests.map(\.method) == ["GET", "POST", "POST"])
    let plain =
      #"{"query":\#(String(decoding: JSON.string(TotalTripsBookedQuery.document).encoded(), as: UTF8.self)),"operationName":"TotalTripsBooked"}"#
    #expect(String(decoding: requests[1].body, as: UTF8.self) == plain)
    #expect(String(decoding: requests[2].body, as: UTF8.self) == plain)
    #expect(apq.isDisabled(for: stub.url().absoluteString))
  }

  @Test(arguments: [
    LoopbackHTTPStub.Response.json(#"{"errors":[{"message":"Must provide query string."}]}"#, status: 400),
    LoopbackHTTPStub.Response(status: 405, headers: ["Allow": "POST"]),
  ])
  func aServerThatKnowsNothingOfHashesGetsTheTextAndNoMoreHashes(refusal: LoopbackHTTPStub.Response)
    async throws
  {
    let stub = try LoopbackHTTPStub { request in
      request.method == "POST" && !request.body.isEmpty
        && (try? JSON(parsing: [UInt8](request.body)))?["query"] != nil ? Self.total : refusal
    }
    let apq = AutomaticPersistedQueryInterceptor()
    let client = client(stub, apq: apq)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(stub.requests.map(\.method) == ["GET", "POST", "POST"])
    #expect(apq.isDisabled(for: stub.url().absoluteString))
  }

  @Test func aSafelistingServerKeepsGettingHashes() async throws {
    let stub = try LoopbackHTTPStub(responses: [
      .json(
        #"{"errors":[{"message":"PersistedQueryNotInList","extensions":{"code":"PERSISTED_QUERY_NOT_IN_LIST"}}]}"#,
        status: 400),
      Self.total,
    ])
    let apq = AutomaticPersistedQueryInterceptor()
    let client = client(stub, apq: apq)
    let refused = try await client.fetch(TotalTripsBookedQuery())
    #expect(refused.errors.first?.message == "PersistedQueryNotInList")
    _ = try await client.fetch(TotalTripsBookedQuery())
    #expect(stub.requests.map(\.method) == ["GET", "GET"])
    #expect(!apq.isDisabled(for: stub.url().absoluteString))
  }
}
