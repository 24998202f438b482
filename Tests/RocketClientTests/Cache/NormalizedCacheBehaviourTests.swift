import GraphQLAPI
import GraphQLWire
import RocketReserverAPI
import Synchronization
import TestSupport
import Testing

@testable import RocketClient

/// What every ``NormalizedCache`` store must do, run on each store: records in and out, field by
/// field merges, partitions, removal, clearing, and whole answers read back through ``CacheStore``.
/// What only the file does (permissions, bounds, damaged files) is in `CacheFileTests`.
@Suite struct NormalizedCacheBehaviourTests {
  /// A store under test and what must live as long as it (its folder).
  struct Subject {
    let cache: any NormalizedCache
    let folder: TemporaryDirectory?
  }

  /// Makes a fresh store of each kind, with a clock the test sets.
  enum Store: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case sqlite
    case inMemory

    var testDescription: String { rawValue }

    func make(now: @escaping @Sendable () -> Int64 = { 1_800_000_000 }) throws -> Subject {
      switch self {
      case .sqlite:
        let folder = try TemporaryDirectory(prefix: "cache-behaviour")
        let cache = SQLiteNormalizedCache(path: folder.child("cache/cache.sqlite"), now: now) {
          Issue.record("warning: \($0)")
        }
        return Subject(cache: cache, folder: folder)
      case .inMemory:
        return Subject(cache: InMemoryNormalizedCache(now: now), folder: nil)
      }
    }
  }

  static let alice = CachePartition(endpoint: "http://127.0.0.1/graphql", user: "alice@example.com")
  static let bob = CachePartition(endpoint: "http://127.0.0.1/graphql", user: "bob@example.com")
  static let otherServer = CachePartition(endpoint: "http://127.0.0.2/graphql", user: "alice@example.com")

  static func launch(_ id: String, _ fields: [String: CacheValue]) -> CacheRecord {
    CacheRecord(key: "Launch:\(id)", fields: fields)
  }

  @Test(arguments: Store.allCases)
  func anEmptyStoreHasNoRecords(_ store: Store) throws {
    let subject = try store.make()
    #expect(try subject.cache.loadRecords(forKeys: ["Launch:1", "QUERY_ROOT"], in: Self.alice).isEmpty)
  }

  @Test(arguments: Store.allCases)
  func mergedRecordsLoadBackStampedWithTheStoresClock(_ store: Store) async throws {
    let subject = try store.make { 1_800_000_123 }
    let record = Self.launch("1", ["site": .scalar(.string("KSC")), "rocket": .reference("Rocket:falcon9")])
    let changed = try await subject.cache.merge(records: [record], into: Self.alice)
    #expect(changed == ["Launch:1"])
    let loaded = try subject.cache.loadRecords(forKeys: ["Launch:1", "Launch:2"], in: Self.alice)
    let stamp = CacheFieldStamp(writtenAt: 1_800_000_123)
    #expect(
      loaded == [
        "Launch:1": StoredRecord(
          record: record, writtenAt: 1_800_000_123, stamps: ["site": stamp, "rocket": stamp])
      ])
  }

  @Test(arguments: Store.allCases)
  func eachFieldKeepsTheStampOfTheWriteThatLastWroteIt(_ store: Store) async throws {
    let clock = CacheHarness.Clock()
    let subject = try store.make { clock.now }
    let cache = subject.cache
    let start = clock.now
    _ = try await cache.merge(
      records: [Self.launch("1", ["site": .scalar(.string("KSC")), "isBooked": .scalar(.bool(false))])],
      into: Self.alice,
      origin: CacheWriteOrigin(
        operation: "LaunchDetails", maxAges: ["Launch:1": ["site": 60, "isBooked": 60]]))
    clock.advance(30)
    _ = try await cache.merge(
      records: [Self.launch("1", ["isBooked": .scalar(.bool(true))])], into: Self.alice,
      origin: CacheWriteOrigin(operation: "BookTrips"))
    let loaded = try #require(try cache.loadRecords(forKeys: ["Launch:1"], in: Self.alice)["Launch:1"])
    #expect(
      loaded.stamp(of: "site") == CacheFieldStamp(writtenAt: start, maxAge: 60, operation: "LaunchDetails"))
    #expect(loaded.stamp(of: "isBooked") == CacheFieldStamp(writtenAt: start + 30, operation: "BookTrips"))
    #expect(loaded.writtenAt == start + 30)
    // Fresh while younger than its max-age; a field without one is never stale by itself.
    #expect(!loaded.stamp(of: "site").isStale(at: start + 59))
    #expect(loaded.stamp(of: "site").isStale(at: start + 60))
    #expect(!loaded.stamp(of: "isBooked").isStale(at: start + 6 * 24 * 3600))
  }

  @Test(arguments: Store.allCases)
  func anUnkeyedObjectMovedIntoAKeyedRecordKeepsItsMaxAge(_ store: Store) async throws {
    let subject = try store.make()
    let cache = subject.cache
    _ = try await cache.merge(
      records: [
        Self.launch("1", ["rocket": .reference("Rocket:falcon9")]),
        CacheRecord(key: "Rocket:falcon9", fields: ["id": .scalar(.string("falcon9"))]),
      ], into: Self.alice)
    _ = try await cache.merge(
      records: [
        Self.launch("1", ["rocket": .reference("Launch:1.rocket")]),
        CacheRecord(key: "Launch:1.rocket", fields: ["type": .scalar(.string("FT"))]),
      ], into: Self.alice,
      origin: CacheWriteOrigin(operation: "LaunchList", maxAges: ["Launch:1.rocket": ["type": 60]]))
    let rocket = try #require(
      try cache.loadRecords(forKeys: ["Rocket:falcon9"], in: Self.alice)["Rocket:falcon9"])
    #expect(rocket.stamp(of: "type").maxAge == 60)
    #expect(rocket.stamp(of: "type").operation == "LaunchList")
    #expect(rocket.stamp(of: "id").maxAge == nil)
  }

  @Test(arguments: Store.allCases)
  func answersTakeTheSchemasMaxAgesCappedByTheAnswersCacheControl(_ store: Store) async throws {
    let clock = CacheHarness.Clock()
    let subject = try store.make { clock.now }
    let cache = CacheStore(subject.cache) { clock.now }
    let details = CacheableOperation(LaunchDetailsQuery(id: "9"))
    await cache.write(CacheKeysTests.launch(id: "9"), for: details, partition: Self.alice)
    func stamp(_ key: String, _ field: String) throws -> CacheFieldStamp? {
      try subject.cache.loadRecords(forKeys: [key], in: Self.alice)[key]?.stamp(of: field)
    }
    // `launch` has maxAge 60; Launch, Mission and Rocket inherit it; their scalars follow.
    for (key, field) in [
      ("QUERY_ROOT", #"launch({"id":"9"})"#), ("Launch:9", "site"), ("Launch:9", "isBooked"),
      ("Launch:9.mission", #"missionPatch({"size":"LARGE"})"#), ("Rocket:falcon9", "name"),
    ] {
      #expect(
        try stamp(key, field) == CacheFieldStamp(writtenAt: clock.now, maxAge: 60, operation: "LaunchDetails")
      )
    }
    #expect(cache.read(details, partition: Self.alice)?.stale == [])
    clock.advance(60)
    let stale = try #require(cache.read(details, partition: Self.alice))
    #expect(stale.data != nil)
    #expect(stale.stale.contains("Launch:9.site"))
    // A `Cache-Control: max-age=10` answer lowers them all.
    await cache.write(CacheKeysTests.launch(id: "9"), for: details, partition: Self.alice, maxAgeCap: 10)
    #expect(try stamp("Launch:9", "site")?.maxAge == 10)
    #expect(cache.read(details, partition: Self.alice)?.stale == [])
    // `totalTripsBooked` says 5 seconds; `me` says 0: stale at once.
    await cache.write(
      ["totalTripsBooked": .int(3)], for: CacheableOperation(TotalTripsBookedQuery()), partition: Self.alice)
    #expect(try stamp("QUERY_ROOT", "totalTripsBooked")?.maxAge == 5)
    let me = CacheableOperation(MeQuery())
    await cache.write(
      [
        "me": .object([
          "__typename": .string("User"), "id": .string("1"), "email": .string("a@example.com"),
          "trips": .array([]),
        ])
      ], for: me, partition: Self.alice)
    #expect(try stamp("User:1", "email")?.maxAge == 0)
    #expect(cache.read(me, partition: Self.alice)?.stale.isEmpty == false)
    // A mutation's fields have no hint: only the store's age bound.
    await cache.write(
      [
        "bookTrips": .object([
          "__typename": .string("TripUpdateResponse"), "success": .bool(true), "message": .null,
          "launches": .array([
            .object(["__typename": .string("Launch"), "id": .string("9"), "isBooked": .bool(true)])
          ]),
        ])
      ], for: CacheableOperation(BookTripsMutation(ids: ["9"])), partition: Self.alice)
    #expect(
      try stamp("Launch:9", "isBooked") == CacheFieldStamp(writtenAt: clock.now, operation: "BookTrips"))
  }

  @Test(arguments: Store.allCases)
  func aMergeKeepsOtherFieldsAndReportsOnlyRealChanges(_ store: Store) async throws {
    let subject = try store.make()
    let cache = subject.cache
    _ = try await cache.merge(
      records: [Self.launch("1", ["site": .scalar(.string("KSC")), "isBooked": .scalar(.bool(false))])],
      into: Self.alice)
    // The same values again: nothing changed, so no watcher would wake.
    #expect(
      try await cache.merge(records: [Self.launch("1", ["site": .scalar(.string("KSC"))])], into: Self.alice)
        == [])
    #expect(
      try await cache.merge(records: [Self.launch("1", ["isBooked": .scalar(.bool(true))])], into: Self.alice)
        == ["Launch:1"])
    let fields = try cache.loadRecords(forKeys: ["Launch:1"], in: Self.alice)["Launch:1"]?.record.fields
    #expect(fields == ["site": .scalar(.string("KSC")), "isBooked": .scalar(.bool(true))])
  }

  @Test(arguments: Store.allCases)
  func anUnkeyedObjectGoesIntoTheKeyedRecordItsFieldPointedTo(_ store: Store) async throws {
    let subject = try store.make()
    let cache = subject.cache
    // `launch(id: 1) { rocket { id name } }`, then `launch(id: 1) { rocket { type } }`.
    _ = try await cache.merge(
      records: [
        Self.launch("1", ["rocket": .reference("Rocket:falcon9")]),
        CacheRecord(
          key: "Rocket:falcon9",
          fields: ["id": .scalar(.string("falcon9")), "name": .scalar(.string("Falcon 9"))]),
      ], into: Self.alice)
    _ = try await cache.merge(
      records: [
        Self.launch("1", ["rocket": .reference("Launch:1.rocket")]),
        CacheRecord(key: "Launch:1.rocket", fields: ["type": .scalar(.string("FT"))]),
      ], into: Self.alice)
    let loaded = try cache.loadRecords(
      forKeys: ["Launch:1", "Rocket:falcon9", "Launch:1.rocket"], in: Self.alice)
    #expect(loaded["Launch:1"]?.record.fields["rocket"] == .reference("Rocket:falcon9"))
    #expect(loaded["Rocket:falcon9"]?.record.fields["type"] == .scalar(.string("FT")))
    #expect(loaded["Rocket:falcon9"]?.record.fields["name"] == .scalar(.string("Falcon 9")))
    #expect(loaded["Launch:1.rocket"] == nil)
  }

  @Test(arguments: Store.allCases)
  func partitionsAreApartAndRemovingOneLeavesTheOthers(_ store: Store) async throws {
    let subject = try store.make()
    let cache = subject.cache
    for (partition, booked) in [(Self.alice, true), (Self.bob, false), (Self.otherServer, false)] {
      _ = try await cache.merge(
        records: [Self.launch("1", ["isBooked": .scalar(.bool(booked))])], into: partition)
    }
    #expect(
      try cache.loadRecords(forKeys: ["Launch:1"], in: Self.bob)["Launch:1"]?.record.fields["isBooked"]
        == .scalar(.bool(false)))
    try await cache.removeRecords(in: Self.alice)
    #expect(try cache.loadRecords(forKeys: ["Launch:1"], in: Self.alice).isEmpty)
    #expect(try cache.loadRecords(forKeys: ["Launch:1"], in: Self.bob).count == 1)
    #expect(try cache.loadRecords(forKeys: ["Launch:1"], in: Self.otherServer).count == 1)
    try await cache.clear()
    for partition in [Self.alice, Self.bob, Self.otherServer] {
      #expect(try cache.loadRecords(forKeys: ["Launch:1"], in: partition).isEmpty)
    }
  }

  @Test(arguments: Store.allCases)
  func mergesFromManyTasksAtOnceAllLand(_ store: Store) async throws {
    let subject = try store.make()
    let cache = subject.cache
    try await withThrowingTaskGroup(of: Void.self) { group in
      for id in 0..<40 {
        group.addTask {
          _ = try await cache.merge(
            records: [
              Self.launch(String(id), ["site": .scalar(.string("site \(id)"))]),
              CacheRecord(
                key: "QUERY_ROOT", fields: ["launch({\"id\":\"\(id)\"})": .reference("Launch:\(id)")]),
            ], into: Self.alice)
        }
      }
      try await group.waitForAll()
    }
    let keys = Set((0..<40).map { "Launch:\($0)" })
    #expect(try cache.loadRecords(forKeys: keys, in: Self.alice).count == 40)
    let root = try cache.loadRecords(forKeys: ["QUERY_ROOT"], in: Self.alice)["QUERY_ROOT"]
    #expect(root?.record.fields.count == 40)
  }

  @Test(arguments: Store.allCases)
  func randomAnswersOfEveryQueryReadBackWhole(_ store: Store) async throws {
    let subject = try store.make()
    let cache = CacheStore(subject.cache)
    let cases = NormalizationRoundTripTests.cases.filter { $0.operations[0].operationType == .query }
    for testCase in cases {
      for operation in testCase.operations {
        for seed in NormalizationRoundTripTests.seeds.prefix(30) {
          try await subject.cache.clear()
          let data = RandomResponse(seed: seed, keyedTypes: operation.keyedTypes).data(operation.selections)
          await cache.write(data, for: operation, partition: Self.alice)
          let read = cache.read(operation, partition: Self.alice)
          #expect(read?.missing == [], "\(testCase.name) seed \(seed)")
          #expect(read?.data == data, "\(testCase.name) seed \(seed)")
          #expect(cache.read(operation, partition: Self.bob)?.data == nil)
        }
      }
    }
  }

  @Test(arguments: Store.allCases)
  func aWriteWakesTheWatchersOfTheRecordsItChanged(_ store: Store) async throws {
    let subject = try store.make()
    let cache = CacheStore(subject.cache)
    let details = CacheableOperation(LaunchDetailsQuery(id: "9"))
    await cache.write(CacheKeysTests.launch(id: "9"), for: details, partition: Self.alice)
    let keys = try #require(cache.read(details, partition: Self.alice)).keysRead
    let wakes = Mutex(0)
    let watcher = cache.addWatcher(partition: Self.alice, keys: keys) { wakes.withLock { $0 += 1 } }
    defer { cache.removeWatcher(watcher) }
    await cache.write(CacheKeysTests.launch(id: "9"), for: details, partition: Self.alice)
    await cache.write(CacheKeysTests.launch(id: "9"), for: details, partition: Self.bob)
    #expect(wakes.withLock { $0 } == 0)
    var changed = CacheKeysTests.launch(id: "9")
    if case .object(var launch)? = changed["launch"] {
      launch["isBooked"] = .bool(true)
      changed["launch"] = .object(launch)
    }
    await cache.write(changed, for: details, partition: Self.alice)
    #expect(wakes.withLock { $0 } == 1)
  }
}
