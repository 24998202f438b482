import GraphQLWire

/// The resolvers of the introspection types (spec 4.2), to merge into an `ExecutableSchema`'s
/// resolvers. All are synchronous and read the schema from `ResolveInfo.schema`.
///
/// The `source` values they exchange: `GraphQLSchema` for `__Schema`, `GraphQLTypeReference` for
/// `__Type` (named types and `LIST`/`NON_NULL` wrappers alike), `GraphQLField` for `__Field`,
/// `GraphQLInputValue` for `__InputValue`, `GraphQLEnumValue` for `__EnumValue` and
/// `GraphQLDirective` for `__Directive`. Lists are returned as `[any Sendable]`, enum values as
/// their names.
///
/// The query root's meta-fields `__schema` and `__type(name:)` have their own table,
/// `introspectionRootResolvers()`.
/// - Returns: resolvers by introspection type name, then field name.
public func introspectionResolvers<Context: Sendable>() -> [String: [String: FieldResolver<Context>]] {
  [
    "__Schema": IntrospectionResolvers.schema(),
    "__Type": IntrospectionResolvers.type(),
    "__Field": IntrospectionResolvers.field(),
    "__InputValue": IntrospectionResolvers.inputValue(),
    "__EnumValue": IntrospectionResolvers.enumValue(),
    "__Directive": IntrospectionResolvers.directive(),
  ]
}

/// The resolvers of the query root's meta-fields `__schema` and `__type(name:)`, by field name.
/// `__schema` yields the schema; `__type` the named type, or null when the schema has none.
/// (`__typename` needs no resolver: the executor knows each object's type.)
public func introspectionRootResolvers<Context: Sendable>() -> [String: FieldResolver<Context>] {
  [
    "__schema": .sync { $0.info.schema },
    "__type": .sync { input in
      guard case .string(let name)? = input.arguments["name"], input.info.schema.typeMap[name] != nil else {
        return nil
      }
      return GraphQLTypeReference.named(name)
    },
  ]
}

/// The definitions of the meta-fields every type or the query root has implicitly (spec 4.2.1,
/// 4.2.2): `__schema: __Schema!`, `__type(name: String!): __Type` and `__typename: String!`.
public enum IntrospectionMetaFields {
  /// `__schema: __Schema!`, on the query root type.
  public static let schema = GraphQLField(
    name: "__schema", description: "Access the current type schema of this server.",
    type: .nonNull(.named("__Schema")))

  /// `__type(name: String!): __Type`, on the query root type.
  public static let type = GraphQLField(
    name: "__type", description: "Request the type information of a single type.", type: .named("__Type"),
    arguments: [GraphQLInputValue(name: "name", type: .nonNull(.named("String")))])

  /// `__typename: String!`, on every object, interface and union type.
  public static let typeName = GraphQLField(
    name: "__typename", description: "The name of the current Object type at runtime.",
    type: .nonNull(.named("String")))
}

/// The resolver tables behind `introspectionResolvers()`.
enum IntrospectionResolvers {
  /// Whether deprecated entries are wanted (`includeDeprecated`, default false).
  static func includeDeprecated(_ arguments: JSONObject) -> Bool {
    arguments["includeDeprecated"]?.boolValue ?? false
  }

  /// A field of `Source` values read by `body`.
  typealias Body<Source, Context> = @Sendable (Source, borrowing ResolverInput<Context>) -> (any Sendable)?

  /// The resolver of a field whose source is a `Source` (null from any other source).
  static func resolver<Source, Context>(_ body: @escaping Body<Source, Context>) -> FieldResolver<Context> {
    .sync { input in (input.source as? Source).flatMap { body($0, input) } }
  }

  static func schema<Context>() -> [String: FieldResolver<Context>] {
    func on(_ body: @escaping Body<GraphQLSchema, Context>) -> FieldResolver<Context> { resolver(body) }
    return [
      "description": on { schema, _ in schema.description },
      "types": on { schema, _ in schema.typeNames.map { GraphQLTypeReference.named($0) as any Sendable } },
      "queryType": on { schema, _ in GraphQLTypeReference.named(schema.queryType.name) },
      "mutationType": on { schema, _ in schema.mutationType.map { GraphQLTypeReference.named($0.name) } },
      "subscriptionType": on { schema, _ in
        schema.subscriptionType.map { GraphQLTypeReference.named($0.name) }
      },
      "directives": on { schema, input in
        let all = includeDeprecated(input.arguments)
        return schema.directives.filter { all || $0.deprecationReason == nil }.map { $0 as any Sendable }
      },
    ]
  }

  static func field<Context>() -> [String: FieldResolver<Context>] {
    func on(_ body: @escaping Body<GraphQLField, Context>) -> FieldResolver<Context> { resolver(body) }
    return [
      "name": on { field, _ in field.name },
      "description": on { field, _ in field.description },
      "args": on { field, input in
        let all = includeDeprecated(input.arguments)
        return field.arguments.filter { all || $0.deprecationReason == nil }.map { $0 as any Sendable }
      },
      "type": on { field, _ in field.type },
      "isDeprecated": on { field, _ in field.deprecationReason != nil },
      "deprecationReason": on { field, _ in field.deprecationReason },
    ]
  }

  static func inputValue<Context>() -> [String: FieldResolver<Context>] {
    func on(_ body: @escaping Body<GraphQLInputValue, Context>) -> FieldResolver<Context> { resolver(body) }
    return [
      "name": on { value, _ in value.name },
      "description": on { value, _ in value.description },
      "type": on { value, _ in value.type },
      // As written in the SDL, printed as graphql-js 17 prints values (`{ a: 1 }`), not coerced
      // first (graphql-js 17.1's `getDefaultValueAST`).
      "defaultValue": on { value, _ in value.defaultValue.map(ValueText.print) },
      "isDeprecated": on { value, _ in value.deprecationReason != nil },
      "deprecationReason": on { value, _ in value.deprecationReason },
    ]
  }

  static func enumValue<Context>() -> [String: FieldResolver<Context>] {
    func on(_ body: @escaping Body<GraphQLEnumValue, Context>) -> FieldResolver<Context> { resolver(body) }
    return [
      "name": on { value, _ in value.name },
      "description": on { value, _ in value.description },
      "isDeprecated": on { value, _ in value.deprecationReason != nil },
      "deprecationReason": on { value, _ in value.deprecationReason },
    ]
  }

  static func directive<Context>() -> [String: FieldResolver<Context>] {
    func on(_ body: @escaping Body<GraphQLDirective, Context>) -> FieldResolver<Context> { resolver(body) }
    return [
      "name": on { directive, _ in directive.name },
      "description": on { directive, _ in directive.description },
      "isRepeatable": on { directive, _ in directive.isRepeatable },
      "locations": on { directive, _ in directive.locations.map { $0.rawValue as any Sendable } },
      "args": on { directive, input in
        let all = includeDeprecated(input.arguments)
        return directive.arguments.filter { all || $0.deprecationReason == nil }.map { $0 as any Sendable }
      },
      "isDeprecated": on { directive, _ in directive.deprecationReason != nil },
      "deprecationReason": on { directive, _ in directive.deprecationReason },
    ]
  }
}
