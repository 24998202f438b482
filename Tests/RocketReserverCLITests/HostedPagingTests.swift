import Foundation
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

@testable import RocketReserverCLI

/// `LaunchPager` against the hosted tutorial server's recorded pages, whose cursors (launch
/// dates) collide: the walk still ends, and never repeats a launch.
@Suite struct HostedPagingTests {
  private func pager(_ stub: LoopbackHTTPStub) -> LaunchPager<LaunchListQuery.Data.Launches.Launch> {
    let client = RocketClient(
      transport: HTTPTransport(endpoint: stub.url()), credentials: nil, endpointKey: stub.url().absoluteString
    )
    return LaunchPager(id: \.id) { after throws(RocketClientError) in
      let query = LaunchListQuery(pageSize: .some(3), after: after.map { .some($0) } ?? .absent)
      let data = try await client.fetch(query).requireData().launches
      return LaunchPage(items: data.launches.compactMap { $0 }, cursor: data.cursor, hasMore: data.hasMore)
    }
  }

  private func stub(_ fixtures: [String]) throws -> LoopbackHTTPStub {
    try LoopbackHTTPStub(responses: try fixtures.map { .json(try HostedFixture.text($0)) })
  }

  @Test func overlappingPagesAndARepeatedCursorEndTheWalk() async throws {
    let stub = try stub(["launches-page-1", "launches-page-2", "launches-page-3"])
    var pager = pager(stub)
    let launches = try await pager.all()
    #expect(launches.map(\.id) == ["110", "109", "108", "107", "106", "105", "104"])
    #expect(launches.first?.mission?.name == "CRS-21")
    #expect(pager.stopReason == .repeatedCursor)
    #expect(stub.requests.count == 3)
    #expect(try await pager.next() == nil)
    #expect(stub.requests.count == 3)
  }

  @Test func aServerReturningTheSamePageForeverIsWalkedOnce() async throws {
    let stub = try stub(["launches-page-1"])
    var pager = pager(stub)
    let launches = try await pager.all()
    #expect(launches.map(\.id) == ["110", "109", "108"])
    #expect(pager.stopReason == .noNewItems)
    #expect(stub.requests.count == 2)
  }
}
