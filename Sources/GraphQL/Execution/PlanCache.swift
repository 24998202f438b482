import Synchronization

/// The part of a field plan that depends only on the schema and the document (not on variables,
/// the context or the run): shared by every execution of the same document.
struct FieldSkeleton: Sendable {
  let responseKey: String
  let keyBytes: [UInt8]
  let fieldNodes: [Field]
  let definition: GraphQLField
  let isMetaField: Bool
  let isTypename: Bool
  let outputType: OutputType
}

extension OutputType: @unchecked Sendable {}
// Safe: every payload is an immutable `Sendable` class or a `String`; the enum is `indirect`, which
// stops the compiler from inferring it.

/// Collected fields per (schema, document source, object type, selection sets), reused across
/// executions so repeated requests skip CollectFields. A selection set is identified by its byte
/// offset in the source, so only parsed documents (with ranges and a `Source`) are cached, and
/// only selections that no variable `@skip`/`@include` reaches.
enum PlanCache {
  struct Key: Hashable {
    let schema: ObjectIdentifier
    let source: ObjectIdentifier
    let objectType: ObjectIdentifier
    let offsets: [Int]
  }

  struct Entry: Sendable {
    /// Held so the identifiers in the key cannot be reused by new objects while the entry lives.
    let schema: GraphQLSchema
    let source: Source
    let objectType: GraphQLObjectType
    let fields: [FieldSkeleton]
  }

  /// Entries beyond this drop the whole table: a server sees a bounded set of documents.
  static let capacity = 256

  private static let table = Mutex<[Key: Entry]>([:])

  static func lookup(_ key: Key) -> Entry? {
    table.withLock { $0[key] }
  }

  static func store(_ entry: Entry, for key: Key) {
    table.withLock { table in
      if table.count >= capacity { table.removeAll(keepingCapacity: true) }
      table[key] = entry
    }
  }
}
