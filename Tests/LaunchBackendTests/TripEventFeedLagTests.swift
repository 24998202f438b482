import Foundation
import LaunchBackend
import TestSupport
import Testing

/// The event feed's lag and counts, as `serve`'s metrics read them: zero while subscribers keep
/// up, growing while one is paused with events waiting, zero again once it caught up.
@Suite struct TripEventFeedLagTests {
  @Test func lagGrowsWhileASubscriberIsPausedAndClearsWhenItCatchesUp() async throws {
    let fixture = try StoreFixture(.sqlite)
    defer { fixture.close() }
    let store = try fixture.open()
    let user = try store.login("ada@example.com").user
    let feed = try store.events
    #expect(feed.lagSeconds == 0)
    // A buffer of one that nobody reads: the second event pauses it.
    let stream = try feed.subscribe(after: nil, capacity: 1)
    for launch in 1...3 { try store.book(userID: user.id, launchIDs: [launch]) }
    #expect(await waitUntil { feed.lagSeconds > 0 })
    let behind = feed.lagSeconds
    #expect(await waitUntil { feed.lagSeconds > behind })
    // Reading on lets the feed hand over the rest, and the lag is gone.
    var iterator = stream.makeAsyncIterator()
    for _ in 1...3 { _ = await iterator.next() }
    #expect(await waitUntil { feed.lagSeconds == 0 })
    #expect(feed.deliveredEvents == 3)
    #expect(feed.readFailures == 0)
  }
}
