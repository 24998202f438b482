import GraphQLWire
import Testing

@testable import GraphQL

/// The introspection resolvers called directly, one field at a time.
@Suite struct IntrospectionResolverTests {
  struct Context: Sendable {}

  let schema: GraphQLSchema
  let resolvers: [String: [String: FieldResolver<Context>]] = {
    var all: [String: [String: FieldResolver<Context>]] = introspectionResolvers()
    all["(root)"] = introspectionRootResolvers()
    return all
  }()

  init() throws {
    schema = try buildSchema(IntrospectionTests.sdl)
  }

  /// Runs the resolver of `typeName.fieldName` on `source` with `arguments`.
  private func resolve(
    _ typeName: String, _ fieldName: String, _ source: (any Sendable)?, _ arguments: JSONObject = [:]
  ) throws -> (any Sendable)? {
    let resolver = try #require(resolvers[typeName]?[fieldName], "no resolver for \(typeName).\(fieldName)")
    let info = ResolveInfo(
      fieldName: fieldName, parentTypeName: typeName, returnType: .named("String"), path: [],
      fieldNodes: [], schema: schema,
      operation: OperationDefinition(operation: .query, selectionSet: SelectionSet(selections: [])),
      variables: [:])
    let input = ResolverInput(source: source, arguments: arguments, context: Context(), info: info)
    guard case .sync(let body) = resolver else {
      Issue.record("introspection resolvers must be synchronous")
      return nil
    }
    return try body(input)
  }

  @Test func everyIntrospectionFieldHasASyncResolver() {
    for name in ["__Schema", "__Type", "__Field", "__InputValue", "__EnumValue", "__Directive"] {
      guard case .object(let type)? = schema.type(named: name) else {
        Issue.record("\(name) missing")
        continue
      }
      for field in type.fields.ordered {
        #expect(resolvers[name]?[field.name] != nil, "\(name).\(field.name)")
      }
    }
    let roots: [String: FieldResolver<Context>] = introspectionRootResolvers()
    #expect(roots.keys.sorted() == ["__schema", "__type"])
  }

  @Test func typeMetaFieldFindsNamedTypesOnly() throws {
    let meta = "(root)"
    #expect(
      try resolve(meta, "__type", nil, ["name": .string("Person")]) as? GraphQLTypeReference
        == .named("Person"))
    #expect(try resolve(meta, "__type", nil, ["name": .string("Nobody")]) == nil)
    #expect(try resolve(meta, "__schema", nil) as? GraphQLSchema === schema)
  }

  @Test func describesWrappersAndNamedTypes() throws {
    let wrapped = GraphQLTypeReference.nonNull(.list(.named("Result")))
    #expect(try resolve("__Type", "kind", wrapped) as? String == "NON_NULL")
    #expect(try resolve("__Type", "name", wrapped) == nil)
    #expect(try resolve("__Type", "ofType", wrapped) as? GraphQLTypeReference == .list(.named("Result")))
    let union = GraphQLTypeReference.named("Result")
    #expect(try resolve("__Type", "kind", union) as? String == "UNION")
    let possible = try #require(try resolve("__Type", "possibleTypes", union) as? [any Sendable])
    #expect(possible.compactMap { $0 as? GraphQLTypeReference } == [.named("Query"), .named("Person")])
    #expect(try resolve("__Type", "fields", union) == nil)
    let interface = GraphQLTypeReference.named("Node")
    let implementors = try #require(try resolve("__Type", "possibleTypes", interface) as? [any Sendable])
    #expect(implementors.compactMap { ($0 as? GraphQLTypeReference)?.namedType } == ["Query", "Person"])
    #expect(
      try resolve("__Type", "specifiedByURL", GraphQLTypeReference.named("Date")) as? String
        == "https://example.com/date")
  }

  @Test func filtersDeprecatedEntriesUnlessAsked() throws {
    let query = GraphQLTypeReference.named("Query")
    let visible = try #require(try resolve("__Type", "fields", query) as? [any Sendable])
    let all = try #require(
      try resolve("__Type", "fields", query, ["includeDeprecated": .bool(true)]) as? [any Sendable])
    #expect(visible.compactMap { ($0 as? GraphQLField)?.name } == ["id", "search"])
    #expect(all.compactMap { ($0 as? GraphQLField)?.name } == ["id", "search", "old"])
    let sort = GraphQLTypeReference.named("Sort")
    #expect((try resolve("__Type", "enumValues", sort) as? [any Sendable])?.count == 1)
    let search = try #require(schema.queryType.fields["search"])
    #expect((try resolve("__Field", "args", search) as? [any Sendable])?.count == 3)
    #expect(try resolve("__Field", "isDeprecated", search) as? Bool == false)
  }

  /// As written in the SDL, in graphql-js 17's print (graphql-core 3.3.2 answers the same): not
  /// coerced, no input field defaults filled in.
  @Test func printsDefaultValuesAsWritten() throws {
    let search = try #require(schema.queryType.fields["search"])
    let defaults = try search.arguments.map { try resolve("__InputValue", "defaultValue", $0) as? String }
    #expect(defaults == ["\"x\"", "10", "ASC", "{ tags: \"a\" }"])
  }
}
