/// The field plans of operations already executed, reused by later executions of the same
/// document, so a repeated request skips CollectFields, resolver lookups and constant-argument
/// coercion. Each executable schema owns one (through its `ErasedResolvers`): plans hold that
/// schema's resolvers, and nothing is shared between schemas or kept process-wide.
///
/// Keyed by the document's ``DocumentIdentity`` (renewed by every edit, so an edited document is
/// never served another's plans) and the operation's offset in it. Only parsed documents are
/// cached, and only operations whose root selection no variable `@skip`/`@include` reaches (deeper
/// selections that depend on variables are planned per request, see `FieldPlan.subplans`).
///
/// Thread-safe (an `LRUCache`).
final class PlanCache: Sendable {
  struct Key: Hashable, Sendable {
    let document: ObjectIdentifier
    let operationStart: Int
  }

  struct Entry: Sendable {
    /// Held so the identifier in the key cannot be reused by a new document while the entry lives.
    let document: DocumentIdentity
    let plans: [FieldPlan]
  }

  /// The most operations remembered; the least recently run is forgotten first.
  static let capacity = 256

  /// The longest document (in UTF-8 bytes) whose plans are cached.
  static let maxSourceBytes = 32 << 10

  private let entries = LRUCache<Key, Entry>(capacity: PlanCache.capacity)

  func lookup(_ key: Key) -> Entry? { entries.value(for: key) }

  func store(_ entry: Entry, for key: Key) { entries.store(entry, for: key) }
}
