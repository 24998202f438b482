/// The field plans of operations already executed, reused by later executions of the same parsed
/// document against the same resolvers, so a repeated request skips CollectFields, resolver lookups
/// and constant-argument coercion. Keyed by the identity of the document's `Source` (one per
/// `parse`) and the operation's offset in it, so only parsed documents are cached, and only
/// operations whose root selection no variable `@skip`/`@include` reaches (deeper selections that
/// depend on variables are planned per request, see `FieldPlan.subplans`).
///
/// A document is assumed not to be edited after parsing while it keeps its `Source`.
enum PlanCache {
  struct Key: Hashable {
    let resolvers: ObjectIdentifier
    let source: ObjectIdentifier
    let operationStart: Int
  }

  struct Entry: Sendable {
    /// Held so the identifiers in the key cannot be reused by new objects while the entry lives.
    let resolvers: ErasedResolvers
    let source: Source
    let plans: [FieldPlan]
  }

  /// The most operations remembered; the least recently run is forgotten first.
  static let capacity = 256

  /// The longest document (in UTF-8 bytes) whose plans are cached.
  static let maxSourceBytes = 32 << 10

  private static let entries = LRUCache<Key, Entry>(capacity: capacity)

  static func lookup(_ key: Key) -> Entry? { entries.value(for: key) }

  static func store(_ entry: Entry, for key: Key) { entries.store(entry, for: key) }
}
