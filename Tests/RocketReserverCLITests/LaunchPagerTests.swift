import GraphQLWire
import RocketClient
import Synchronization
import Testing

@testable import RocketReserverCLI

/// `LaunchPager` against scripted servers: it always stops and never repeats a launch.
@Suite struct LaunchPagerTests {
  /// A pager over scripted pages keyed by the `after` cursor ("" for the first page).
  private func pager(
    _ pages: [String: LaunchPage<String>], maximumPages: Int = 1000, calls: CallLog? = nil
  ) -> LaunchPager<String> {
    LaunchPager(maximumPages: maximumPages, id: { $0 }) { after throws(RocketClientError) in
      calls?.record(after)
      guard let page = pages[after ?? ""] else {
        throw RocketClientError.server(errors: [GraphQLError("unknown cursor")])
      }
      return page
    }
  }

  @Test func walksToTheEnd() async throws {
    var pager = pager([
      "": LaunchPage(items: ["5", "4"], cursor: "c4", hasMore: true),
      "c4": LaunchPage(items: ["3", "2"], cursor: "c2", hasMore: true),
      "c2": LaunchPage(items: ["1"], cursor: "c1", hasMore: false),
    ])
    #expect(try await pager.next() == ["5", "4"])
    #expect(!pager.isFinished)
    #expect(try await pager.all() == ["3", "2", "1"])
    #expect(pager.stopReason == LaunchPager<String>.StopReason.end)
    #expect(try await pager.next() == nil)
    #expect(pager.pagesFetched == 3)
  }

  @Test func aCursorPointingBackStopsWithoutRepeatingLaunches() async throws {
    var pager = pager([
      "": LaunchPage(items: ["5", "4"], cursor: "c4", hasMore: true),
      "c4": LaunchPage(items: ["4", "3"], cursor: "c4", hasMore: true),
    ])
    #expect(try await pager.all() == ["5", "4", "3"])
    #expect(pager.stopReason == LaunchPager<String>.StopReason.repeatedCursor)
  }

  @Test func aCycleOfCursorsStops() async throws {
    let calls = CallLog()
    var pager = pager(
      [
        "": LaunchPage(items: ["6", "5"], cursor: "a", hasMore: true),
        "a": LaunchPage(items: ["4", "3"], cursor: "b", hasMore: true),
        "b": LaunchPage(items: ["2", "1"], cursor: "a", hasMore: true),
      ], calls: calls)
    #expect(try await pager.all() == ["6", "5", "4", "3", "2", "1"])
    #expect(pager.stopReason == LaunchPager<String>.StopReason.repeatedCursor)
    #expect(calls.cursors == [nil, "a", "b"])
  }

  @Test func aPageWithNothingNewStops() async throws {
    var pager = pager([
      "": LaunchPage(items: ["2", "1"], cursor: "x", hasMore: true),
      "x": LaunchPage(items: ["1", "2"], cursor: "y", hasMore: true),
    ])
    #expect(try await pager.all() == ["2", "1"])
    #expect(pager.stopReason == LaunchPager<String>.StopReason.noNewItems)
    var empty = self.pager(["": LaunchPage(items: [], cursor: "", hasMore: true)])
    #expect(try await empty.next() == nil)
    #expect(empty.stopReason == LaunchPager<String>.StopReason.noNewItems)
  }

  @Test func thePageLimitIsABackstop() async throws {
    let endless = LaunchPager<String>(maximumPages: 4, id: { $0 }) { after throws(RocketClientError) in
      let index = Int(after ?? "0") ?? 0
      return LaunchPage(items: ["L\(index)"], cursor: String(index + 1), hasMore: true)
    }
    var pager = endless
    #expect(try await pager.all() == ["L0", "L1", "L2", "L3"])
    #expect(pager.stopReason == LaunchPager<String>.StopReason.pageLimit)
  }

  @Test func aLimitStopsEarlyAndAFailureCanBeRetried() async throws {
    var limited = pager([
      "": LaunchPage(items: ["5", "4", "3"], cursor: "c3", hasMore: true)
    ])
    #expect(try await limited.all(limit: 2) == ["5", "4"])
    do {
      _ = try await limited.next()
      Issue.record("expected the unknown cursor to fail")
    } catch {
      #expect(error == .server(errors: [GraphQLError("unknown cursor")]))
    }
    #expect(!limited.isFinished)
  }
}

/// The cursors a scripted server was asked for, in order.
private final class CallLog: Sendable {
  private let calls = Mutex<[String?]>([])

  func record(_ cursor: String?) { calls.withLock { $0.append(cursor) } }

  var cursors: [String?] { calls.withLock { $0 } }
}
