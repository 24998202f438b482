/// What is worked out once about an operation of a parsed document and reused by later requests
/// for the same document: its root field plans (one memo per executable schema, in its
/// `ErasedResolvers`: plans hold that schema's resolvers), its static cost and a query's cache
/// policy (one memo each per `GraphQLRequestProcessor`: they depend on its cost model and hints).
/// Nothing is shared between schemas or kept process-wide.
///
/// Keyed by `OperationKey`; thread-safe (an `LRUCache`).
final class OperationMemo<Value: Sendable>: Sendable {
  struct Entry: Sendable {
    /// Held so the identifier in the key cannot be reused by a new document while the entry lives.
    let document: DocumentIdentity
    let value: Value
  }

  private let entries = LRUCache<OperationKey, Entry>(capacity: OperationKey.memoCapacity)

  func lookup(_ key: OperationKey) -> Value? { entries.value(for: key)?.value }

  func store(_ value: Value, document: DocumentIdentity, for key: OperationKey) {
    entries.store(Entry(document: document, value: value), for: key)
  }
}

/// An operation of a parsed document as memos know it: the document's ``DocumentIdentity``
/// (renewed by every edit, so an edited document is never served another's values) and the
/// operation's offset in it.
struct OperationKey: Hashable, Sendable {
  let document: ObjectIdentifier
  let operationStart: Int

  /// The most operations a memo remembers; the least recently used is forgotten first.
  static let memoCapacity = 256

  /// The longest document (in UTF-8 bytes) whose operations are memoized: as in `DocumentCache`,
  /// a memo's memory must stay bounded whatever clients send.
  static let maxSourceBytes = 32 << 10

  /// The key of `operation`, or nil for a document without a source (not parsed) or too long to
  /// keep, or an operation without a range.
  init?(_ identity: DocumentIdentity, _ source: Source?, _ operation: OperationDefinition) {
    guard let source, source.utf8.count <= Self.maxSourceBytes, let start = operation.range?.start else {
      return nil
    }
    self.document = identity.id
    self.operationStart = start
  }
}
