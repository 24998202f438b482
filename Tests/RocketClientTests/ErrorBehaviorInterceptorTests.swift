import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// What `ErrorBehaviorInterceptor` sends, request by request, to servers that answer the first
/// query's `onError` value no server defines in each way a server can.
@Suite struct ErrorBehaviorInterceptorTests {
  static let total = LoopbackHTTPStub.Response.json(#"{"data":{"totalTripsBooked":3}}"#)
  static let refused = LoopbackHTTPStub.Response.json(
    #"{"errors":[{"message":"Unsupported `onError` value; supported values are `NULL`, `PROPAGATE` and `HALT`."}]}"#,
    status: 400)

  static func client(_ stub: LoopbackHTTPStub, _ interceptor: ErrorBehaviorInterceptor) -> RocketClient {
    let url = stub.url()
    return RocketClient(
      transport: HTTPTransport(endpoint: url, client: HTTPClient(timeout: .seconds(10))), credentials: nil,
      endpointKey: url.absoluteString, interceptors: [interceptor])
  }

  /// The `onError` of each request the stub received (nil when it had none).
  static func sent(_ stub: LoopbackHTTPStub) throws -> [String?] {
    try stub.requests.map { request in
      try JSON(parsing: Array(request.body))["onError"]?.stringValue
    }
  }

  @Test func aServerThatReadsItIsSentNullFromTheFirstQueryOn() async throws {
    let stub = try LoopbackHTTPStub(responses: [Self.refused, Self.total, Self.total])
    let memory = InMemoryEndpointCapabilities()
    let client = Self.client(stub, ErrorBehaviorInterceptor(memory: memory))
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try Self.sent(stub) == ["ROCKET_RESERVER_PROBE", "NULL", "NULL"])
    #expect(memory.recall(.onError, at: stub.url().absoluteString) == true)
  }

  @Test func aServerThatIgnoresItCostsNoRequest() async throws {
    let stub = try LoopbackHTTPStub(responses: [Self.total, Self.total])
    let memory = InMemoryEndpointCapabilities()
    let client = Self.client(stub, ErrorBehaviorInterceptor(memory: memory))
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try Self.sent(stub) == ["ROCKET_RESERVER_PROBE", nil])
    #expect(memory.recall(.onError, at: stub.url().absoluteString) == false)
  }

  @Test func aServerThatRefusesEveryUnknownKeyGetsTheRequestWithout() async throws {
    let page = LoopbackHTTPStub.Response(
      status: 400, headers: ["Content-Type": "text/html"], body: Data("<h1>Bad Request</h1>".utf8))
    let stub = try LoopbackHTTPStub(responses: [page, Self.total, Self.total])
    let client = Self.client(stub, ErrorBehaviorInterceptor())
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try Self.sent(stub) == ["ROCKET_RESERVER_PROBE", nil, nil])
  }

  @Test func anAnswerThatSaysNothingLeavesItUnknownAndMutationsDoNotAsk() async throws {
    let invalid = LoopbackHTTPStub.Response.json(
      #"{"errors":[{"message":"Cannot query field."}]}"#, status: 400)
    let booked = LoopbackHTTPStub.Response.json(
      #"{"data":{"bookTrips":{"success":true,"message":"ok","launches":[]}}}"#)
    let stub = try LoopbackHTTPStub(responses: [invalid, booked, Self.total])
    let interceptor = ErrorBehaviorInterceptor()
    let client = Self.client(stub, interceptor)
    _ = try? await client.fetch(TotalTripsBookedQuery())
    #expect(interceptor.behavior(for: stub.url().absoluteString) == nil)
    _ = try? await client.perform(BookTripsMutation(ids: ["1"]))
    #expect(try await client.fetch(TotalTripsBookedQuery()).requireData().totalTripsBooked == 3)
    #expect(try Self.sent(stub) == ["ROCKET_RESERVER_PROBE", nil, "ROCKET_RESERVER_PROBE"])
  }
}
