/// An executable schema's resolvers with the `Context` type erased, built once per
/// `ExecutableSchema`: planning a field then costs a lookup in plain `[String: ...]` dictionaries
/// instead of generic dictionary code that looks up type metadata on every access.
///
/// Immutable and safe to share between threads.
final class ErasedResolvers: Sendable {
  /// One field's resolver, ready to be bound to a request's context.
  struct Entry: Sendable {
    /// The resolver with `context` bound in; nil if `context` is not of the schema's `Context` type
    /// (which the executor never passes).
    let bind: @Sendable (_ context: any Sendable) -> BoundResolver?
  }

  /// Entries by type name, then field name.
  let byType: [String: [String: Entry]]

  init<Context: Sendable>(_ resolvers: [String: [String: FieldResolver<Context>]]) {
    byType = resolvers.mapValues { fields in
      fields.mapValues { resolver in
        Entry { context in (context as? Context).map { BoundResolver(resolver, context: $0) } }
      }
    }
  }

  /// The entry for a field, or nil when the schema has no resolver for it.
  @inline(__always)
  func entry(typeName: String, fieldName: String) -> Entry? {
    byType[typeName]?[fieldName]
  }
}
