import Foundation
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// `stages(of: query)` against a real incremental server (graphql-core, whose `isBooked` waits
/// for the test's release): the generated `LaunchDetails` data first with its deferred
/// `booking` pending, then fulfilled; the cache keeps the final answer.
@Suite(.enabled(if: IncrementalPeer.isAvailable)) struct QueryStagesTests {
  @Test(arguments: ["multipart/mixed;incrementalSpec=v0.2", "multipart/mixed;deferSpec=20220824"])
  func aDeferredFragmentIsPendingThenFulfilled(accept: String) async throws {
    let peer = try IncrementalPeer()
    let cache = CacheStore(InMemoryNormalizedCache())
    let client = RocketClient(
      transport: HTTPTransport(endpoint: peer.endpoint), credentials: nil,
      endpointKey: peer.endpoint.absoluteString,
      interceptors: [HeaderInterceptor(headers: ["Accept": accept])], cache: cache)
    var stages = client.stages(of: LaunchDetailsQuery(id: "1")).makeAsyncIterator()
    // `isBooked` is held: the first stage comes without it.
    let first = try #require(try await stages.next())
    #expect(first.hasNext && first.index == 1)
    let launch = try #require(first.result.data?.launch)
    #expect(launch.site == "Kwajalein Atoll")
    #expect(launch.$booking == .pending)
    peer.release()
    let last = try #require(try await stages.next())
    #expect(!last.hasNext && last.index == 2)
    #expect(last.result.data?.launch?.booking?.isBooked == false)
    #expect(try await stages.next() == nil)
    // The final answer was written: the cache alone answers it, the fragment fulfilled.
    let cached = try await client.fetch(LaunchDetailsQuery(id: "1"), cachePolicy: .cacheOnly)
    #expect(cached.data?.launch?.booking?.isBooked == false)
  }
}
