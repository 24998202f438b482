import GraphQLWire
import RocketClient
import RocketReserverAPI
import Testing

/// `RocketClient.results(of:via:)`: a generated subscription's results decoded into its `Data`,
/// in order, a result of the wrong shape as a decoding error, and the operation sent as the
/// transport's request.
@Suite struct TypedSubscriptionTests {
  static func client() -> RocketClient {
    RocketClient(
      transport: InProcessTransport { _, _ in .object(["data": .null]) }, credentials: nil,
      endpointKey: "embedded")
  }

  static func transport(_ bodies: [String], seen: (@Sendable (GraphQLRequest) -> Void)? = nil)
    -> InProcessSubscriptionTransport
  {
    InProcessSubscriptionTransport { request, _ in
      seen?(request)
      return .stream(
        AsyncStream { continuation in
          for body in bodies { continuation.yield(Array(body.utf8)) }
          continuation.finish()
        })
    }
  }

  @Test func eachResultIsDecodedInOrder() async throws {
    let transport = Self.transport([#"{"data":{"tripsBooked":2}}"#, #"{"data":{"tripsBooked":-1}}"#]) {
      request in
      #expect(request.operationName == "TripsBooked")
    }
    var changes: [Int?] = []
    for try await result in try await Self.client().results(of: TripsBookedSubscription(), via: transport) {
      changes.append(result.data?.tripsBooked)
    }
    #expect(changes == [2, -1])
  }

  @Test func aResultOfTheWrongShapeEndsTheStreamWithADecodingError() async throws {
    let transport = Self.transport([#"{"data":{"tripsBooked":1}}"#, #"{"data":{"tripsBooked":"many"}}"#])
    var changes: [Int?] = []
    await #expect(throws: RocketClientError.self) {
      for try await result in try await Self.client().results(of: TripsBookedSubscription(), via: transport) {
        changes.append(result.data?.tripsBooked)
      }
    }
    #expect(changes == [1])
  }
}
