/// Where the executor gets the resolvers of the introspection types (`__Schema`, `__Type`, ...)
/// and of the query root's meta fields `__schema` / `__type(name:)`: the type system's
/// `introspectionResolvers()` and `introspectionRootResolvers()`, built only when an operation
/// reaches them.
struct IntrospectionRouting<Context: Sendable> {
  let typeResolvers: [String: [String: FieldResolver<Context>]] = introspectionResolvers()
  let rootResolvers: [String: FieldResolver<Context>] = introspectionRootResolvers()

  func resolver(typeName: String, fieldName: String, isMetaField: Bool) -> FieldResolver<Context>? {
    isMetaField ? rootResolvers[fieldName] : typeResolvers[typeName]?[fieldName]
  }
}
