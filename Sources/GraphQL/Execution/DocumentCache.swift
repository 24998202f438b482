import Synchronization

/// What the pipeline remembers about one query text: the parsed document (or why it did not parse)
/// and its validation errors against the processor's schema.
public struct CachedDocument: Sendable {
  /// The parse result: the document, or the syntax error.
  public let parsed: Result<Document, GraphQLError>
  /// The validation errors (empty when valid or when parsing failed).
  public let validationErrors: [GraphQLError]

  /// - Parameters:
  ///   - parsed: the document or its syntax error.
  ///   - validationErrors: the validation errors of the document.
  public init(parsed: Result<Document, GraphQLError>, validationErrors: [GraphQLError]) {
    self.parsed = parsed
    self.validationErrors = validationErrors
  }
}

/// A bounded, thread-safe LRU cache from query text to its parsed and validated document, so a
/// server seeing the same operation again skips parsing and validation.
///
/// Safe to share between threads (state behind a `Mutex`); lookups and insertions are O(1). Entries
/// are only valid for one schema, so use one cache per schema.
public final class DocumentCache: Sendable {
  private struct Node {
    var key: String
    var value: CachedDocument
    var older: Int?
    var newer: Int?
  }

  private struct State {
    var nodes: [Node] = []
    var indexByKey: [String: Int] = [:]
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

  /// The most entries kept; the least recently used one goes first.
  public let capacity: Int
  private let state = Mutex(State())

  /// - Parameter capacity: the number of distinct query texts kept (default 1000, at least 1).
  public init(capacity: Int = 1000) {
    self.capacity = max(1, capacity)
  }

  /// The entry for `query`, marking it most recently used, or nil.
  public func entry(for query: String) -> CachedDocument? {
    state.withLock { state in
      guard let index = state.indexByKey[query] else {
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

  /// Stores the entry for `query` as the most recently used, evicting the least recently used
  /// entry when full.
  public func store(_ value: CachedDocument, for query: String) {
    state.withLock { state in
      if let index = state.indexByKey[query] {
        state.nodes[index].value = value
        state.unlink(index)
        state.pushNewest(index)
        return
      }
      let index: Int
      if state.nodes.count < capacity {
        index = state.nodes.count
        state.nodes.append(Node(key: query, value: value))
      } else if let oldest = state.oldest {
        index = oldest
        state.unlink(oldest)
        state.indexByKey[state.nodes[oldest].key] = nil
        state.nodes[oldest] = Node(key: query, value: value)
      } else {
        return
      }
      state.indexByKey[query] = index
      state.pushNewest(index)
    }
  }

  /// The number of entries held.
  public var count: Int { state.withLock { $0.indexByKey.count } }

  /// Lookups that found an entry and lookups that did not, since creation.
  public var statistics: (hits: Int, misses: Int) { state.withLock { ($0.hits, $0.misses) } }
}
