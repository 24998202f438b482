import Synchronization

/// A thread-safe map of bounded size that evicts the least recently used entry when full, with
/// hit and miss counts. Lookups and stores are O(1) under one lock: entries live in an array
/// linked from newest to oldest by index, so nothing is allocated per hit.
final class LRUCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Node {
    var key: Key
    var value: Value
    var older: Int?
    var newer: Int?
  }

  private struct State {
    var nodes: [Node] = []
    var indexByKey: [Key: Int] = [:]
    var newest: Int?
    var oldest: Int?
    var hits = 0
    var misses = 0

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
  private let state = Mutex(State())

  init(capacity: Int) {
    self.capacity = max(1, capacity)
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

  /// Stores `value` for `key` as the most recently used, evicting the least recently used entry
  /// when full.
  func store(_ value: Value, for key: Key) {
    state.withLock { state in
      if let index = state.indexByKey[key] {
        state.nodes[index].value = value
        state.unlink(index)
        state.pushNewest(index)
        return
      }
      let index: Int
      if state.nodes.count < capacity {
        index = state.nodes.count
        state.nodes.append(Node(key: key, value: value))
      } else if let oldest = state.oldest {
        index = oldest
        state.unlink(oldest)
        state.indexByKey[state.nodes[oldest].key] = nil
        state.nodes[oldest] = Node(key: key, value: value)
      } else {
        return
      }
      state.indexByKey[key] = index
      state.pushNewest(index)
    }
  }

  /// The number of entries held.
  var count: Int { state.withLock { $0.indexByKey.count } }

  /// Lookups that found an entry and lookups that did not, since creation.
  var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }
}
