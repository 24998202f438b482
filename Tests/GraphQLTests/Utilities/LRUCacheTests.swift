import GraphQLWire
import Testing

@testable import GraphQL

/// The cache behind `DocumentCache` and the execution plan cache.
@Suite struct LRUCacheTests {
  @Test func evictsTheLeastRecentlyUsed() {
    let cache = LRUCache<String, Int>(capacity: 2)
    cache.store(1, for: "a")
    cache.store(2, for: "b")
    #expect(cache.value(for: "a") == 1)  // "b" is now the least recently used
    cache.store(3, for: "c")
    #expect(cache.value(for: "b") == nil)
    #expect(cache.value(for: "a") == 1)
    #expect(cache.value(for: "c") == 3)
    #expect(cache.count == 2)
    #expect(cache.statistics.hits == 3)
    #expect(cache.statistics.misses == 1)
  }

  @Test func storingAnExistingKeyReplacesItsValueAndRefreshesIt() {
    let cache = LRUCache<Int, String>(capacity: 2)
    cache.store("one", for: 1)
    cache.store("two", for: 2)
    cache.store("uno", for: 1)
    cache.store("three", for: 3)
    #expect(cache.value(for: 1) == "uno")
    #expect(cache.value(for: 2) == nil)
    #expect(cache.count == 2)
  }

  @Test func aHotEntrySurvivesAStreamOfOneOffKeys() {
    // The plan cache sees a few hot documents among many one-off ones; the hot ones must stay.
    let cache = LRUCache<Int, Int>(capacity: 8)
    cache.store(0, for: -1)
    for key in 0..<1000 {
      #expect(cache.value(for: -1) == 0)
      cache.store(key, for: key)
    }
    #expect(cache.count == 8)
  }

  @Test func capacityIsAtLeastOne() {
    let cache = LRUCache<Int, Int>(capacity: 0)
    cache.store(1, for: 1)
    cache.store(2, for: 2)
    #expect(cache.count == 1)
    #expect(cache.value(for: 2) == 2)
  }
}
