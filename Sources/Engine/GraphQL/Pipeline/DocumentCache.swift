import GraphQLWire
import Synchronization

/// What the pipeline remembers about one query text: the parsed document (or why it did not parse)
/// and its validation errors against the processor's schema.
public struct CachedDocument: Sendable {
  /// The parse result: the document, or the syntax error.
  public let parsed: Result<Document, GraphQLError>
  /// The validation errors (empty when valid or when parsing failed).
  public let validationErrors: [GraphQLError]

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
  private let entries: LRUCache<String, CachedDocument>

  /// The most entries held.
  public var capacity: Int { entries.capacity }

  /// The longest query text (in UTF-8 bytes) that is cached; longer ones are parsed every time,
  /// so that the cache's memory stays bounded (`capacity` times this, plus their documents)
  /// whatever clients send.
  public let maxQueryBytes: Int

  public init(capacity: Int, maxQueryBytes: Int) {
    entries = LRUCache(capacity: capacity)
    self.maxQueryBytes = maxQueryBytes
  }

  /// A cache of query texts up to 32 KiB (operations are far shorter, and a megabyte of comments
  /// should not stay in memory).
  /// - Parameter capacity: the most entries held (default 1000, at least 1).
  public convenience init(capacity: Int = 1000) {
    self.init(capacity: capacity, maxQueryBytes: 32 << 10)
  }

  /// The entry for `query`, now the most recently used; nil (a miss) when there is none.
  public func entry(for query: String) -> CachedDocument? {
    guard query.utf8.count <= maxQueryBytes else { return nil }
    return entries.value(for: query)
  }

  /// The entry for `query` if held, without counting a lookup or changing the order of use.
  func peek(_ query: String) -> CachedDocument? {
    guard query.utf8.count <= maxQueryBytes else { return nil }
    return entries.peek(query)
  }

  /// Stores the entry for `query` as the most recently used, evicting the least recently used
  /// entry when full; does nothing for a query longer than `maxQueryBytes`.
  public func store(_ value: CachedDocument, for query: String) {
    guard query.utf8.count <= maxQueryBytes else { return }
    entries.store(value, for: query)
  }

  public var count: Int { entries.count }

  /// Lookups that found an entry and lookups that did not, since creation.
  public var statistics: (hits: Int, misses: Int) { entries.statistics }
}
