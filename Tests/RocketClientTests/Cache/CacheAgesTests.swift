import GraphQLAPI
import GraphQLWire
import RocketReserverAPI
import Synchronization
import TestSupport
import Testing

@testable import RocketClient

/// Fields' max-ages at work, against the real backend over HTTP, over each store, with the
/// harness's clock: a stale field sends cache-first to the server, a stale answer is given only
/// when the server cannot be reached (and says so), and a GET answer's `Cache-Control` bounds
/// the fields it writes.
@Suite struct CacheAgesTests {
  /// Notes the ``CachedAnswer`` of each response that passes (outside the cache).
  final class AnswerCapture: RequestInterceptor {
    private let answers = Mutex<[CachedAnswer?]>([])
    var last: CachedAnswer? { answers.withLock { $0.last ?? nil } }

    func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
      -> TransportResponse
    {
      let response = try await chain.proceed(request)
      answers.withLock { $0.append(response.cachedAnswer) }
      return response
    }
  }

  static func client(
    _ harness: CacheHarness, capture: AnswerCapture, interceptors: [any RequestInterceptor] = []
  )
    -> RocketClient
  {
    RocketClient(
      transport: harness.transport, credentials: harness.store,
      endpointKey: harness.server.endpoint.absoluteString,
      interceptors: interceptors, cache: harness.cache, outerInterceptors: [capture])
  }

  @Test(arguments: StoreKind.allCases)
  func cacheFirstAsksTheServerOnceAFieldIsPastItsMaxAge(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let client = harness.client
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    harness.clock.advance(59)
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 1)
    harness.clock.advance(1)
    let refreshed = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 2)
    #expect(refreshed.data?.launch?.id == "42")
    // The server's answer made it fresh again.
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 2)

    // `totalTripsBooked` keeps 5 seconds.
    _ = try await client.fetch(TotalTripsBookedQuery(), cachePolicy: .cacheFirst)
    harness.clock.advance(4)
    _ = try await client.fetch(TotalTripsBookedQuery(), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 3)
    harness.clock.advance(1)
    _ = try await client.fetch(TotalTripsBookedQuery(), cachePolicy: .cacheFirst)
    #expect(harness.transport.sent == 4)
  }

  @Test(arguments: StoreKind.allCases)
  func aStaleAnswerIsGivenOnlyWhenTheServerCannotBeReachedAndIsMarked(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let capture = AnswerCapture()
    let client = Self.client(harness, capture: capture)
    let fresh = try await client.fetch(LaunchDetailsQuery(id: "42"))
    let written = harness.clock.now
    harness.transport.isDown = true
    let young = try await client.fetch(LaunchDetailsQuery(id: "42"))
    #expect(young.data == fresh.data)
    #expect(capture.last == CachedAnswer(writtenAt: written, isOfflineFallback: true, isStale: false))

    harness.clock.advance(12 * 60)
    let old = try await client.fetch(LaunchDetailsQuery(id: "42"))
    #expect(old.data == fresh.data)
    #expect(capture.last == CachedAnswer(writtenAt: written, isOfflineFallback: true, isStale: true))
    // Cache-first falls back to it the same way; cache-only gives it, marked, as it is.
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheFirst)
    #expect(capture.last == CachedAnswer(writtenAt: written, isOfflineFallback: true, isStale: true))
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheOnly)
    #expect(capture.last == CachedAnswer(writtenAt: written, isOfflineFallback: false, isStale: true))
    // Back online, cache-and-network gives the server's answer, not the stale one.
    harness.transport.isDown = false
    _ = try await client.fetch(LaunchDetailsQuery(id: "42"), cachePolicy: .cacheAndNetwork)
    #expect(capture.last == CachedAnswer?.none)
  }

  /// LaunchDetails without the schema's hints: only the answer's `Cache-Control` can age it.
  struct UnhintedLaunchQuery: GraphQLQuery {
    static let operationName = "UnhintedLaunch"
    static let document = LaunchDetailsQuery.document.replacing("LaunchDetails", with: "UnhintedLaunch")
    static var cacheKeyedTypes: Set<String> { LaunchDetailsQuery.cacheKeyedTypes }
    let id: String
    var variables: JSONObject { ["id": .string(id)] }

    struct Data: SelectionSetData {
      let object: JSONObject
      init(object: JSONObject, path: [PathComponent]) throws { self.object = object }
      static var __selections: [Selection] { LaunchDetailsQuery.Data.__selections }
    }
  }

  @Test(arguments: StoreKind.allCases)
  func aGETAnswersCacheControlBoundsFieldsTheSchemaGivesNoAge(_ store: StoreKind) async throws {
    let harness = try CacheHarness(kind: store)
    let client = Self.client(
      harness, capture: AnswerCapture(), interceptors: [AutomaticPersistedQueryInterceptor()])
    #expect(UnhintedLaunchQuery.cacheHints == .none)
    func siteStamp() throws -> CacheFieldStamp? {
      try harness.cache.cache.loadRecords(
        forKeys: ["Launch:42"],
        in: CachePartition(
          endpoint: harness.server.endpoint.absoluteString, user: nil))["Launch:42"]?.stamp(of: "site")
    }
    // The first attempt is not known by hash: the text follows by POST, whose answer has no
    // Cache-Control, so the field has no max-age.
    _ = try await client.fetch(UnhintedLaunchQuery(id: "42"), cachePolicy: .networkOnly)
    #expect(try siteStamp()?.maxAge == nil)
    #expect(try siteStamp()?.operation == "UnhintedLaunch")
    // Then by GET: the server's `Cache-Control: max-age=60, private` gives it 60 seconds.
    _ = try await client.fetch(UnhintedLaunchQuery(id: "42"), cachePolicy: .networkOnly)
    #expect(try siteStamp()?.maxAge == 60)
  }

  @Test func stampsAreStoredAsGroupsTheLargestListingNoFields() throws {
    let details = CacheFieldStamp(writtenAt: 1_800_000_000, maxAge: 60, operation: "LaunchDetails")
    let booking = CacheFieldStamp(writtenAt: 1_800_000_030, operation: "BookTrips")
    let old = CacheFieldStamp(writtenAt: 1_799_000_000)
    let stamps = ["id": details, "site": details, "mission": details, "isBooked": booking, "rocket": old]
    let text = CacheFieldStamp.storedText(stamps)
    #expect(
      text
        == #"[[1800000000,60,"LaunchDetails"],[1800000030,null,"BookTrips",["isBooked"]],[1799000000,null,null,["rocket"]]]"#
    )
    #expect(CacheFieldStamp.stamps(storedText: text, fields: stamps.keys) == stamps)
    #expect(CacheFieldStamp.stamps(storedText: "{}", fields: stamps.keys) == nil)
  }

  @Test func cacheControlValuesAsAPrivateCacheReadsThem() {
    #expect(CacheInterceptor.maxAge(cacheControl: "max-age=60, public") == 60)
    #expect(CacheInterceptor.maxAge(cacheControl: "private, max-age=\"5\"") == 5)
    #expect(CacheInterceptor.maxAge(cacheControl: "no-store") == 0)
    #expect(CacheInterceptor.maxAge(cacheControl: "max-age=60, no-cache") == 0)
    #expect(CacheInterceptor.maxAge(cacheControl: "s-maxage=30, public") == nil)
    #expect(CacheInterceptor.maxAge(cacheControl: "max-age=soon") == nil)
    #expect(CacheInterceptor.maxAge(cacheControl: "MAX-AGE=7") == 7)
  }
}
