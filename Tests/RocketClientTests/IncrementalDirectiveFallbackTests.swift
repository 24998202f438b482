import Foundation
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

@testable import RocketClient

/// Generated operations that defer a fragment, against a server on graphql-js 16 that refuses
/// `@defer` as an unknown directive: sent again without it, and without it from then on.
@Suite struct IncrementalDirectiveFallbackTests {
  @Test func theDirectivesAndTheirArgumentsAreTakenOut() {
    let strip = IncrementalDirectiveFallbackInterceptor.removingIncrementalDirectives
    #expect(
      strip("query { launch(id: 1) { id ... @defer(label: \"b\") { isBooked } } }")
        == "query { launch(id: 1) { id ...   { isBooked } } }")
    #expect(strip("{ a @stream(initialCount: 2) b @stream }") == "{ a   b   }")
    #expect(strip("{ ...F @defer } fragment F on Q { x }") == "{ ...F   } fragment F on Q { x }")
    // Strings, block strings and comments keep their text; a longer name is another directive.
    #expect(strip("{ a(s: \"@defer\") b @deferred }") == nil)
    #expect(strip("{ a(s: \"\"\"x \\\"\"\" @defer\"\"\") # @defer\n}") == nil)
    #expect(strip("{ a(s: \"\\\"@defer\") @defer(label: \"a)b\") }") == "{ a(s: \"\\\"@defer\")   }")
    #expect(strip("{ a }") == nil)
  }

  @Test func onlyATextNamingADirectiveIsScanned() {
    let mentions = IncrementalDirectiveFallbackInterceptor.mentionsIncrementalDirective
    #expect(!mentions("query { launches { cursor launches { id } } }"))
    #expect(!mentions("{ a @include(if: true) b @skip(if: false) } # @def"))
    #expect(!mentions("") && !mentions("@") && !mentions("x@defe"))
    // The search is cheap, not exact: strings and longer names count, and the scan sorts them out.
    #expect(mentions("{ a @stream }") && mentions("{ a(s: \"@defer\") }") && mentions("{ a @deferred }"))
  }

  @Test func aRefusalIsAnUnknownDirectiveWithoutData() {
    let refuses = IncrementalDirectiveFallbackInterceptor.refusesIncrementalDirectives
    func response(_ text: String) throws -> TransportResponse {
      TransportResponse(json: try JSON(parsing: text), status: 400, byteCount: text.utf8.count)
    }
    #expect(
      (try? refuses(response(#"{"errors":[{"message":"Unknown directive \"@defer\"."}]}"#))) == true)
    #expect((try? refuses(response(#"{"errors":[{"message":"Unknown directive '@stream'."}]}"#))) == true)
    #expect(
      (try? refuses(response(#"{"errors":[{"message":"Unknown directive \"@deferred\"."}]}"#))) == false)
    #expect(
      (try? refuses(response(#"{"data":{"a":1},"errors":[{"message":"Unknown directive \"@defer\"."}]}"#)))
        == false)
  }

  @Test func launchDetailsReachesAServerThatDoesNotKnowDefer() async throws {
    let launch =
      #"{"data":{"launch":{"__typename":"Launch","id":"5","site":"Kwajalein Atoll","mission":{"__typename":"Mission","name":"RazakSat","missionPatch":null},"rocket":{"__typename":"Rocket","id":"falcon1","name":"Falcon 1","type":"Merlin C"},"isBooked":false}}}"#
    let stub = try LoopbackHTTPStub { request in
      String(decoding: request.body, as: UTF8.self).contains("@defer")
        ? .json(
          #"{"errors":[{"message":"Unknown directive \"@defer\".","locations":[{"line":1,"column":9}]}]}"#,
          status: 400)
        : .json(launch)
    }
    let fallback = IncrementalDirectiveFallbackInterceptor()
    let client = RocketClient(
      transport: HTTPTransport(endpoint: stub.url()), credentials: nil,
      endpointKey: stub.url().absoluteString,
      interceptors: [fallback])
    for _ in 0..<2 {
      let data = try await client.fetch(LaunchDetailsQuery(id: "5")).requireData()
      #expect(data.launch?.site == "Kwajalein Atoll")
      #expect(data.launch?.booking?.isBooked == false)
    }
    #expect(fallback.isDisabled(for: stub.url().absoluteString))
    // One refusal, then the plain document for both fetches.
    let bodies = stub.requests.map { String(decoding: $0.body, as: UTF8.self) }
    #expect(bodies.count == 3)
    #expect(bodies.filter { $0.contains("@defer") }.count == 1)
  }
}
