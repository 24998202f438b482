import Foundation
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import TestSupport
import Testing

/// The five policies, the offline fallback and mutation write-through, against the real
/// backend over HTTP, over each store.
@Suite struct CachePolicyTests {
  @Test(arguments: StoreKind.allCases)
  func cacheFirstAnswersASecondTimeWithoutARequest(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let first = try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 1)
    let second = try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 1)
    #expect(second.data == first.data)
    #expect(second.data?.launch?.mission?.name == "BulgariaSat-1")
  }

  @Test(arguments: StoreKind.allCases)
  func networkFirstAsksEachTimeAndFallsBackWhenTheServerIsDown(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let fresh = try await harness.client.fetch(LaunchDetailsQuery(id: "42"))
    _ = try await harness.client.fetch(LaunchDetailsQuery(id: "42"))
    #expect(harness.transport.sent == 2)
    harness.transport.isDown = true
    let offline = try await harness.client.fetch(LaunchDetailsQuery(id: "42"))
    #expect(offline.data == fresh.data)
    let missing = try await clientError { try await harness.client.fetch(LaunchDetailsQuery(id: "41")) }
    #expect(missing.isUnreachable)
    guard case .transport(.connectionRefused) = missing else {
      Issue.record("expected the transport's error, got \(missing)")
      return
    }
  }

  @Test(arguments: StoreKind.allCases)
  func networkOnlyNeverAnswersFromTheCache(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    _ = try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .networkOnly)
    harness.transport.isDown = true
    let error = try await clientError {
      try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .networkOnly)
    }
    #expect(error.isUnreachable)
  }

  @Test(arguments: StoreKind.allCases)
  func cacheOnlySendsNothing(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let miss = try await clientError {
      try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    }
    #expect(miss == .notCached(operation: "LaunchDetails"))
    #expect(miss.isUnreachable)
    #expect(harness.transport.sent == 0)
    _ = try await harness.client.fetch(LaunchDetailsQuery(id: "42"))
    let hit = try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    #expect(hit.data?.launch?.id == "42")
    #expect(harness.transport.sent == 1)
  }

  @Test(arguments: StoreKind.allCases)
  func cacheAndNetworkAnswersFromTheCacheAndRefreshesIt(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let none = try await harness.client.fetch(TotalTripsBookedQuery(), cachePolicy: .cacheAndNetwork)
    #expect(none.data?.totalTripsBooked == 0)
    #expect(harness.transport.sent == 1)
    _ = try await harness.client.fetch(TotalTripsBookedQuery(), cachePolicy: .cacheAndNetwork)
    #expect(harness.transport.sent == 2)
    harness.transport.isDown = true
    let offline = try await harness.client.fetch(TotalTripsBookedQuery(), cachePolicy: .cacheAndNetwork)
    #expect(offline.data?.totalTripsBooked == 0)
  }

  @Test(arguments: StoreKind.allCases)
  func bookAndCancelWriteThroughToTheCachedLaunch(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    try await harness.client.logIn(LoginMutation(email: "a@example.com"), email: "a@example.com") {
      $0.login?.token
    }
    #expect(
      try await harness.client.fetch(LaunchDetailsQuery(id: "42")).data?.launch?.booking?.isBooked == false)
    _ = try await harness.client.perform(BookTripsMutation(ids: ["42"]))
    let booked = try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    #expect(booked.data?.launch?.booking?.isBooked == true)
    _ = try await harness.client.perform(CancelTripMutation(id: "42"))
    let cancelled = try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    #expect(cancelled.data?.launch?.booking?.isBooked == false)
  }

  @Test(arguments: StoreKind.allCases)
  func eachUserHasTheirOwnPartitionAndLogoutDropsIt(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let client = harness.client
    try await client.logIn(LoginMutation(email: "a@example.com"), email: "a@example.com") { $0.login?.token }
    _ = try await client.perform(BookTripsMutation(ids: ["42"]))
    #expect(try await client.fetch(LaunchDetailsQuery(id: "42")).data?.launch?.booking?.isBooked == true)
    #expect(try await client.fetch(MeQuery()).data?.me?.email == "a@example.com")

    try await client.logIn(LoginMutation(email: "b@example.com"), email: "b@example.com") { $0.login?.token }
    // B's part of the cache has nothing of A's: not the launch A booked, not A as `me`.
    for error in [
      try await clientError { try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly) },
      try await clientError { try await client.fetch(MeQuery(), cachePolicy: .cacheOnly) },
    ] {
      #expect(error.isUnreachable)
    }
    #expect(try await client.fetch(LaunchDetailsQuery(id: "42")).data?.launch?.booking?.isBooked == false)
    #expect(
      try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly).data?.launch?.booking?
        .isBooked
        == false)

    try await client.logIn(LoginMutation(email: "a@example.com"), email: "a@example.com") { $0.login?.token }
    #expect(
      try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly).data?.launch?.booking?
        .isBooked
        == true)
    #expect(try await client.logOut())
    try await client.logIn(LoginMutation(email: "a@example.com"), email: "a@example.com") { $0.login?.token }
    let dropped = try await clientError {
      try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    }
    #expect(dropped == .notCached(operation: "LaunchDetails"))
  }

  @Test(arguments: StoreKind.allCases)
  func theLoginResultAndTokensNeverReachTheCacheFile(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let credential = try await harness.client.logIn(
      LoginMutation(email: "a@example.com"), email: "a@example.com"
    ) { $0.login?.token }
    _ = try await harness.client.fetch(MeQuery())
    _ = try await harness.client.perform(BookTripsMutation(ids: ["1"]))
    for suffix in ["", "-wal"] {
      let bytes = (try? Data(contentsOf: URL(fileURLWithPath: harness.cacheFile + suffix))) ?? Data()
      #expect(bytes.range(of: Data(credential.token.utf8)) == nil, "token found in cache.sqlite\(suffix)")
    }
    #expect(harness.warnings.all == [])
  }

  @Test(arguments: StoreKind.allCases)
  func aGraphQLErrorAnswerIsNotWritten(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    // Not logged in: `bookTrips` fails with UNAUTHENTICATED and nothing may change.
    _ = try? await harness.client.perform(BookTripsMutation(ids: ["42"]))
    let miss = try await clientError {
      try await harness.client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    }
    #expect(miss == .notCached(operation: "LaunchDetails"))
  }
}
