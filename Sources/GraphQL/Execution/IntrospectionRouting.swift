/// The seam between the executor and the type system's introspection: the `__schema` and
/// `__type(name:)` meta fields of the query root (spec 4.1) and where their resolvers come from.
enum MetaFields {
  /// `__schema: __Schema!`
  static let schema = GraphQLField(name: "__schema", type: .nonNull(.named("__Schema")))
  /// `__type(name: String!): __Type`
  static let type = GraphQLField(
    name: "__type", type: .named("__Type"),
    arguments: [GraphQLInputValue(name: "name", type: .nonNull(.named("String")))])
  /// `__typename: String!`, answered by the executor itself.
  static let typename = GraphQLField(name: "__typename", type: .nonNull(.named("String")))
}

/// The resolvers of the introspection types (`__Schema`, `__Type`, ...) and of the meta fields,
/// asked for only when an operation reaches them. The type-system area provides them as
/// `introspectionResolvers()`; until that is merged in, there are none and introspection fields
/// resolve to null.
func builtInIntrospectionResolvers<Context: Sendable>(
  _ context: Context.Type
) -> [String: [String: FieldResolver<Context>]] {
  [:]
}
