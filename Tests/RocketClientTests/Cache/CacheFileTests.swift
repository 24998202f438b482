import Foundation
import Glibc
import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import SQLite
import Synchronization
import TestSupport
import Testing

/// The cache file: permissions, bounds (size, age, least recently used), shrinking, and what
/// happens to a file that is damaged or not ours.
@Suite struct CacheFileTests {
  static let partition = CachePartition(endpoint: "http://127.0.0.1:1/graphql", user: nil)

  /// A page of `count` launches with ids from `first`, as the server would send it.
  static func page(first: Int, count: Int, cursor: String) -> JSONObject {
    let launches: [JSON] = (first..<(first + count)).map { id in
      .object([
        "id": .string(String(id)), "site": .string("Site \(id) " + String(repeating: "x", count: 200)),
        "mission": .object([
          "name": .string("Mission \(id)"), "missionPatch": .string("https://example.com/\(id).png"),
          "__typename": .string("Mission"),
        ]),
        "rocket": .object([
          "name": .string("Falcon 9"), "type": .string("FT"), "__typename": .string("Rocket"),
        ]),
        "isBooked": .bool(false), "__typename": .string("Launch"),
      ])
    }
    return [
      "launches": .object([
        "cursor": .string(cursor), "hasMore": .bool(true), "launches": .array(launches),
        "__typename": .string("LaunchConnection"),
      ])
    ]
  }

  static func fill(_ cache: CacheStore, pages: Int, from start: Int = 0) async {
    for index in start..<(start + pages) {
      let after = index == 0 ? nil : "c\(index - 1)"
      let operation = CacheableOperation(
        LaunchListQuery(pageSize: .some(50), after: after.map { .some($0) } ?? .absent))
      await cache.write(
        page(first: index * 50, count: 50, cursor: "c\(index)"), for: operation, partition: partition)
    }
  }

  /// The bytes of the file and its write-ahead log.
  static func size(_ path: String) -> Int {
    var info = stat()
    let main = stat(path, &info) == 0 ? Int(info.st_size) : 0
    return main + (stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0)
  }

  static func mode(_ path: String) -> mode_t {
    var info = stat()
    return stat(path, &info) == 0 ? info.st_mode & 0o777 : 0
  }

  @Test func theFileIsPrivateAndWAL() async throws {
    let harness = try CacheHarness()
    await Self.fill(harness.cache, pages: 1)
    #expect(Self.mode(harness.cacheFile) == 0o600)
    #expect(Self.mode(URL(fileURLWithPath: harness.cacheFile).deletingLastPathComponent().path) == 0o700)
    let connection = try Connection(path: harness.cacheFile, readOnly: true)
    #expect(try connection.queryFirst("PRAGMA journal_mode") { try $0.column(0, as: String.self) } == "wal")
    #expect(try connection.queryFirst("PRAGMA auto_vacuum") { try $0.column(0, as: Int.self) } == 2)
  }

  @Test func theSizeLimitEvictsTheLeastRecentlyUsedAndTheFileShrinks() async throws {
    let limit = 256 * 1024
    let harness = try CacheHarness(limits: CacheLimits(maxBytes: limit))
    let cache = harness.cache
    let details = CacheableOperation(LaunchDetailsQuery(id: "9999"))
    await cache.write(CacheKeysTests.launch(id: "9999"), for: details, partition: Self.partition)
    // Keep reading launch 9999 so it stays the most recently used.
    for index in 0..<40 {
      await Self.fill(cache, pages: 1, from: index)
      harness.clock.advance(7200)
      #expect(cache.read(details, partition: Self.partition)?.data != nil, "page \(index)")
    }
    let bytes = Self.size(harness.cacheFile)
    #expect(bytes <= limit + 64 * 1024, "the file is \(bytes) bytes for a \(limit)-byte limit")
    let statistics = try await harness.file.statistics()
    #expect(statistics.records > 0 && statistics.records < 40 * 52)
    // The early pages went; the newest is whole, and reading from the first page gives what is left.
    let middle = CacheableOperation(LaunchListQuery(pageSize: .some(50), after: .some("c4")))
    #expect(cache.read(middle, partition: Self.partition)?.data == nil)
    let newest = CacheableOperation(LaunchListQuery(pageSize: .some(50), after: .some("c38")))
    #expect(
      cache.read(newest, partition: Self.partition)?.data?["launches"]?["launches"]?.arrayValue?.count == 50)

    try await harness.file.clear()
    let cleared = Self.size(harness.cacheFile)
    #expect(cleared < bytes / 4, "\(cleared) bytes after clear, \(bytes) before")
    #expect(try await harness.file.statistics().records == 0)
    #expect(harness.warnings.all == [])
  }

  @Test func aReadDoesNotWaitForAWriteHeldUpByAnotherProgramsLock() async throws {
    let harness = try CacheHarness()
    let cache = harness.cache
    let seven = CacheableOperation(LaunchDetailsQuery(id: "7"))
    let eight = CacheableOperation(LaunchDetailsQuery(id: "8"))
    await cache.write(CacheKeysTests.launch(id: "7"), for: seven, partition: Self.partition)
    // Another program holds the write lock: the store's writer waits for it (up to the busy
    // timeout) on its own thread, and reads go on beside it (WAL, a connection of their own).
    let other = try Connection(path: harness.cacheFile)
    try other.execute("BEGIN IMMEDIATE")
    let written = Mutex(false)
    let writing = Task {
      await cache.write(CacheKeysTests.launch(id: "8"), for: eight, partition: Self.partition)
      written.withLock { $0 = true }
    }
    try await Task.sleep(for: .milliseconds(100))
    #expect(cache.read(seven, partition: Self.partition)?.data != nil)
    #expect(!written.withLock { $0 })
    try other.execute("COMMIT")
    await writing.value
    #expect(cache.read(eight, partition: Self.partition)?.data != nil)
    #expect(harness.warnings.all == [])
  }

  @Test func recordsOlderThanTheMaximumAgeAreNeitherServedNorKept() async throws {
    let harness = try CacheHarness(limits: CacheLimits(maxAge: .seconds(7 * 86_400)))
    await Self.fill(harness.cache, pages: 5)
    let first = CacheableOperation(LaunchListQuery(pageSize: .some(50)))
    harness.clock.advance(6 * 86_400)
    #expect(harness.cache.read(first, partition: Self.partition)?.data != nil)
    // The read's "used" stamps are written by the store's writer thread: let them land first.
    _ = try await harness.file.statistics()
    let before = Self.size(harness.cacheFile)
    harness.clock.advance(2 * 86_400)
    #expect(harness.cache.read(first, partition: Self.partition)?.data == nil)
    // A new process sweeps expired records at its first write or `cache`.
    let clock = harness.clock
    let later = SQLiteNormalizedCache(path: harness.cacheFile, now: { clock.now }) { Issue.record("\($0)") }
    #expect(try await later.statistics().records == 0)
    #expect(Self.size(harness.cacheFile) < before)
  }

  @Test(arguments: ["garbage", "foreign"])
  func aDamagedOrForeignFileIsMovedAsideWithOneWarning(_ kind: String) async throws {
    let temporary = try TemporaryDirectory(prefix: "rocket-cache")
    let path = temporary.child("cache/rocket-reserver/cache.sqlite")
    try FileManager.default.createDirectory(
      atPath: temporary.child("cache/rocket-reserver"), withIntermediateDirectories: true)
    if kind == "garbage" {
      try Data(repeating: 0x5A, count: 8192).write(to: URL(fileURLWithPath: path))
    } else {
      let other = try Connection(path: path)
      try other.execute("CREATE TABLE notes (text TEXT); INSERT INTO notes VALUES ('mine')")
      other.close()
    }
    let harness = try CacheHarness(temporary: temporary)
    await Self.fill(harness.cache, pages: 2)
    await Self.fill(harness.cache, pages: 1, from: 2)
    #expect(harness.warnings.all.count == 1)
    #expect(harness.warnings.all.first?.contains("moved it to \(path).broken-") == true)
    #expect(try await harness.file.statistics().records > 0)
    let aside = try FileManager.default.contentsOfDirectory(atPath: temporary.child("cache/rocket-reserver"))
      .filter { $0.hasPrefix("cache.sqlite.broken-") }
    #expect(aside.count == 1)
  }

  /// A file as schema 1 made it: the same table without `stamps`, user_version 1.
  static func schemaOneFile(_ path: String) throws {
    try FileManager.default.createDirectory(
      atPath: URL(fileURLWithPath: path).deletingLastPathComponent().path, withIntermediateDirectories: true)
    let old = try Connection(path: path)
    defer { old.close() }
    try old.execute(
      """
      CREATE TABLE records (
        partition TEXT NOT NULL, key TEXT NOT NULL, fields TEXT NOT NULL, size INTEGER NOT NULL,
        written INTEGER NOT NULL, used INTEGER NOT NULL, PRIMARY KEY (partition, key)
      ) WITHOUT ROWID;
      CREATE INDEX records_by_use ON records (used);
      CREATE INDEX records_by_write ON records (written);
      PRAGMA application_id = \(0x5252_4348);
      PRAGMA user_version = 1;
      INSERT INTO records VALUES ('http://127.0.0.1:1/graphql' || char(31), 'Launch:7',
        '{"id":"7","site":"KSC"}', 40, 1800000000, 1800000000);
      """)
  }

  @Test func aFileOfSchemaOneIsUpgradedInPlaceKeepingItsRecords() async throws {
    let temporary = try TemporaryDirectory(prefix: "rocket-cache")
    let path = temporary.child("cache/rocket-reserver/cache.sqlite")
    try Self.schemaOneFile(path)
    // Two stores (two processes) open it at once: it is upgraded once, and both read it.
    let stores = (0..<2).map { _ in
      SQLiteNormalizedCache(path: path, now: { 1_800_000_100 }) { Issue.record("warning: \($0)") }
    }
    let loaded = try await withThrowingTaskGroup(of: StoredRecord?.self) { group in
      for store in stores {
        group.addTask { try store.loadRecords(forKeys: ["Launch:7"], in: Self.partition)["Launch:7"] }
      }
      return try await group.reduce(into: []) { $0.append($1) }
    }
    for record in loaded {
      #expect(record?.record.fields["site"] == .scalar(.string("KSC")))
      // As old as its record, without a max-age or a known writer.
      #expect(record?.stamp(of: "site") == CacheFieldStamp(writtenAt: 1_800_000_000))
    }
    _ = try await stores[0].merge(
      records: [CacheRecord(key: "Launch:7", fields: ["isBooked": .scalar(.bool(true))])],
      into: Self.partition,
      origin: CacheWriteOrigin(operation: "BookTrips"))
    let merged = try #require(
      try stores[1].loadRecords(forKeys: ["Launch:7"], in: Self.partition)["Launch:7"])
    #expect(merged.stamp(of: "site") == CacheFieldStamp(writtenAt: 1_800_000_000))
    #expect(merged.stamp(of: "isBooked") == CacheFieldStamp(writtenAt: 1_800_000_100, operation: "BookTrips"))
    let check = try Connection(path: path)
    defer { check.close() }
    #expect(try check.queryFirst("PRAGMA user_version") { try $0.column(0, as: Int64.self) } == 2)
  }

  @Test func aFileOfANewerSchemaIsMovedAsideWithOneWarning() async throws {
    let temporary = try TemporaryDirectory(prefix: "rocket-cache")
    let path = temporary.child("cache/rocket-reserver/cache.sqlite")
    try Self.schemaOneFile(path)
    do {
      let newer = try Connection(path: path)
      try newer.execute("PRAGMA user_version = 3")
      newer.close()
    }
    let harness = try CacheHarness(temporary: temporary)
    await Self.fill(harness.cache, pages: 1)
    #expect(harness.warnings.all.count == 1)
    #expect(harness.warnings.all.first?.contains("made by another version (schema 3)") == true)
    #expect(try await harness.file.statistics().records > 0)
  }

  @Test func anUnusableFolderTurnsTheCacheOffWithOneWarningAndRequestsStillWork() async throws {
    let temporary = try TemporaryDirectory(prefix: "rocket-cache")
    // A file where the cache's folder should be: nothing can be created there.
    try Data("x".utf8).write(to: URL(fileURLWithPath: temporary.child("cache")))
    let harness = try CacheHarness(temporary: temporary)
    _ = harness  // the harness's cache lives under temporary/cache/...
    for _ in 0..<3 {
      #expect(try await harness.client.fetch(LaunchDetailsQuery(id: "5")).data?.launch?.id == "5")
    }
    #expect(harness.warnings.all.count == 1)
    #expect(harness.warnings.all.first?.hasPrefix("the cache is off for this run") == true)
  }
}
