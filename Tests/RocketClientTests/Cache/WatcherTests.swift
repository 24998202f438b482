import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// `RocketClient.watch`: a new answer when a record the query read changes, none otherwise,
/// over each store.
@Suite struct WatcherTests {
  @Test(arguments: StoreKind.allCases)
  func aWatcherYieldsAfterMutationsOfItsRecordsAndNotOtherwise(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let client = harness.client
    try await client.logIn(LoginMutation(email: "w@example.com"), email: "w@example.com") { $0.login?.token }
    var answers = client.watch(LaunchDetailsQuery(id: "42")).makeAsyncIterator()
    let first = try await answers.next()
    #expect(first?.data?.launch?.booking?.isBooked == false)

    _ = try await client.perform(BookTripsMutation(ids: ["42"]))
    #expect(try await answers.next()?.data?.launch?.booking?.isBooked == true)

    // Neither touches a record launch 42's answer was read from: no answer may come of them.
    _ = try await client.perform(BookTripsMutation(ids: ["43"]))
    _ = try await client.fetch(LaunchDetailsQuery(id: "41"))
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"))  // the same answer again: no change

    // So the next answer is the one the cancel causes.
    _ = try await client.perform(CancelTripMutation(id: "42"))
    #expect(try await answers.next()?.data?.launch?.booking?.isBooked == false)
    // Another fetch that changes a record it read (the list's launch 42 is the same record).
    _ = try await client.perform(BookTripsMutation(ids: ["42"]))
    let list = try await client.fetch(LaunchListQuery(pageSize: .some(100)))
    #expect(list.data?.launches.launches.contains { $0?.id == "42" && $0?.isBooked == true } == true)
    #expect(try await answers.next()?.data?.launch?.booking?.isBooked == true)
  }

  @Test(arguments: StoreKind.allCases)
  func aWatcherWithTheServerDownStartsFromTheCache(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    _ = try await harness.client.fetch(TotalTripsBookedQuery())
    harness.transport.isDown = true
    var answers = harness.client.watch(TotalTripsBookedQuery()).makeAsyncIterator()
    #expect(try await answers.next()?.data?.totalTripsBooked == 0)
  }
}
