/// An executable schema's resolvers with the `Context` type erased, built once per
/// `ExecutableSchema`: the schema's own, the introspection types' and the query root's meta
/// fields (`__schema`, `__type`), and the type resolvers of abstract types. Planning a field then
/// costs a lookup in plain `[String: ...]` dictionaries, and the plans (which hold these
/// resolvers) can be shared by every request.
///
/// Immutable but for the plan cache it owns, and safe to share between threads.
@usableFromInline
final class ErasedResolvers: Sendable {
  /// Resolvers by type name, then field name.
  let byType: [String: [String: ErasedResolver]]
  /// The resolvers of the introspection types (`__Schema`, `__Type`, ...).
  let introspectionTypes: [String: [String: ErasedResolver]]
  /// `__schema` and `__type(name:)` of the query root.
  let introspectionRoot: [String: ErasedResolver]
  /// For interfaces and unions: the object type name of a value, given the request's context.
  let typeResolvers: [String: @Sendable (any Sendable, AnyContextBox) -> String?]
  /// The plans of documents executed against these resolvers (one cache per executable schema).
  let plans = OperationMemo<[FieldPlan]>()
  /// The generated selection writers of the root types, if the schema has them.
  let typed: TypedRootWriters?

  @inlinable
  convenience init<Context: Sendable>(
    _ resolvers: [String: [String: FieldResolver<Context>]],
    typeResolvers: [String: @Sendable (any Sendable, Context) -> String?], typed: TypedRootWriters? = nil
  ) {
    self.init(
      byType: resolvers.mapValues { $0.mapValues { ErasedResolver($0) } },
      introspectionTypes: (introspectionResolvers() as [String: [String: FieldResolver<Context>]])
        .mapValues { $0.mapValues { ErasedResolver($0) } },
      introspectionRoot: (introspectionRootResolvers() as [String: FieldResolver<Context>])
        .mapValues { ErasedResolver($0) },
      typeResolvers: typeResolvers.mapValues { resolve in
        { @Sendable value, box in resolve(value, ContextBox<Context>.unbox(box)) }
      }, typed: typed)
  }

  @usableFromInline
  init(
    byType: [String: [String: ErasedResolver]], introspectionTypes: [String: [String: ErasedResolver]],
    introspectionRoot: [String: ErasedResolver],
    typeResolvers: [String: @Sendable (any Sendable, AnyContextBox) -> String?],
    typed: TypedRootWriters? = nil
  ) {
    self.typed = typed
    self.byType = byType
    self.introspectionTypes = introspectionTypes
    self.introspectionRoot = introspectionRoot
    self.typeResolvers = typeResolvers
  }

  /// The resolver for a field: the schema's own, or the built-in one for introspection types and
  /// the `__schema`/`__type` meta fields; nil when the field uses the default resolver.
  func resolver(typeName: String, fieldName: String, isMetaField: Bool) -> ErasedResolver? {
    if isMetaField { return introspectionRoot[fieldName] }
    if let own = byType[typeName]?.scanningSmall(fieldName) { return own }
    if typeName.hasPrefix("__") { return introspectionTypes[typeName]?[fieldName] }
    return nil
  }
}
