import Synchronization

/// A thread-safe map of bounded size that evicts the least recently used entry when full, with
/// hit and miss counts. Lookups and stores are O(1) under one lock (amortized, when a cost bound
/// evicts several entries for one): entries live in an array linked from newest to oldest by
/// index, so nothing is allocated per hit.
///
/// Bounded by entries, and optionally by the sum of a cost each entry is stored with (such as
/// its size in bytes): a store evicts the least recently used entries until both bounds hold.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Node {
    var key: Key
    var value: Value
    var cost: Int
    var older: Int?
    var newer: Int?
  }

  private struct State {
    var nodes: [Node] = []
    var indexByKey: [Key: Int] = [:]
    var newest: Int?
    var oldest: Int?
    /// Slots of evicted entries, for reuse.
    var free: [Int] = []
    var totalCost = 0
    var hits = 0
    var misses = 0

    mutating func evictOldest() {
      guard let oldest else { return }
      unlink(oldest)
      indexByKey[nodes[oldest].key] = nil
      totalCost -= nodes[oldest].cost
      free.append(oldest)
    }

    mutating func unlink(_ index: Int) {
      let node = nodes[index]
      if let older = node.older { nodes[older].newer = node.newer } else { oldest = node.newer }
      if let newer = node.newer { nodes[newer].older = node.older } else { newest = node.older }
      nodes[index].older = nil
      nodes[index].newer = nil
    }

    mutating func pushNewest(_ index: Int) {
      nodes[index].older = newest
      nodes[index].newer = nil
      if let newest { nodes[newest].newer = index }
      newest = index
      if oldest == nil { oldest = index }
    }
  }

  /// The most entries held at once (at least 1).
  let capacity: Int
  /// The largest sum of the entries' costs.
  let maxTotalCost: Int
  private let state = Mutex(State())

  init(capacity: Int, maxTotalCost: Int = .max) {
    self.capacity = max(1, capacity)
    self.maxTotalCost = max(0, maxTotalCost)
  }

  /// The value for `key`, now the most recently used; nil (a miss) when there is none.
  func value(for key: Key) -> Value? {
    state.withLock { state in
      guard let index = state.indexByKey[key] else {
        state.misses += 1
        return nil
      }
      state.hits += 1
      if state.newest != index {
        state.unlink(index)
        state.pushNewest(index)
      }
      return state.nodes[index].value
    }
  }

  /// The value for `key` if held, leaving the order of use and the statistics as they were.
  func peek(_ key: Key) -> Value? {
    state.withLock { state in state.indexByKey[key].map { state.nodes[$0].value } }
  }

  /// Stores `value` for `key` as the most recently used, evicting the least recently used
  /// entries while either bound would be exceeded; a value costing more than `maxTotalCost` is not
  /// stored (and replaces nothing).
  func store(_ value: Value, for key: Key, cost: Int = 0) {
    guard cost <= maxTotalCost else { return }
    state.withLock { state in
      if let index = state.indexByKey[key] {
        state.unlink(index)
        state.indexByKey[key] = nil
        state.totalCost -= state.nodes[index].cost
        state.free.append(index)
      }
      while state.indexByKey.count >= capacity || state.totalCost + cost > maxTotalCost,
        state.oldest != nil
      {
        state.evictOldest()
      }
      let node = Node(key: key, value: value, cost: cost)
      let index: Int
      if let reused = state.free.popLast() {
        index = reused
        state.nodes[index] = node
      } else {
        index = state.nodes.count
        state.nodes.append(node)
      }
      state.indexByKey[key] = index
      state.totalCost += cost
      state.pushNewest(index)
    }
  }

  /// The sum of the held entries' costs.
  var totalCost: Int { state.withLock { $0.totalCost } }

  var count: Int { state.withLock { $0.indexByKey.count } }

  /// Lookups that found an entry and lookups that did not, since creation.
  var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }
}
