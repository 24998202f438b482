import GraphQLWire
import Testing

@testable import GraphQL

/// Introspection: our resolvers run by the executor answer type queries as graphql-js does, and
/// the result converts back to the same schema (in node and with our own `buildClientSchema`).
@Suite struct IntrospectionTests {
  struct Context: Sendable {}

  /// A schema with every kind, deprecations, defaults and `@specifiedBy`.
  static let sdl = """
    "The root"
    type Query implements Node {
      id: ID!
      search(text: String = "x", limit: Int = 10 @deprecated(reason: "unused"), sort: Sort = ASC, \
    filter: Filter = {tags: "a"}): [Result!]!
      old: String @deprecated
    }
    type Mutation { bump(by: Float = 1.5): Int }
    interface Node { id: ID! }
    interface Named implements Node { id: ID! name: String }
    type Person implements Named & Node { id: ID! name: String }
    union Result = Query | Person
    enum Sort { ASC DESC @deprecated(reason: "Use `ASC`.") }
    input Filter { tags: [String!] = [] ids: [ID] = [1, "x"] old: Int @deprecated }
    "A date" scalar Date @specifiedBy(url: "https://example.com/date")
    directive @cached(ttl: Int = 60) repeatable on FIELD_DEFINITION | QUERY
    """

  /// Our introspection result for `sdl`, in the shape `{"__schema": ...}`.
  static func ourIntrospection() throws -> (GraphQLSchema, JSON) {
    let schema = try buildSchema(sdl)
    // No resolvers of our own: the executor routes introspection to the type system's resolvers.
    let executable = ExecutableSchema<Context>(schema: schema, resolvers: [:])
    let result = executeSync(schema: executable, document: try parse(introspectionQuery), context: Context())
    #expect(result.errors.isEmpty, "\(result.errors)")
    return (schema, try #require(result.data))
  }

  // The whole introspection answer is compared with graphql-core 3.3.2's (graphql-js 17.1) in
  // `IntrospectionDifferentialTests`, on this schema too.

  @Test(.enabled(if: NodeGraphQL.isAvailable))
  func graphQLJSBuildsTheSameSchemaFromOurResult() throws {
    let (schema, ours) = try Self.ourIntrospection()
    // graphql-js 16.6 takes `@oneOf` for a custom directive and would print it; 16.9+ does not.
    let printed = try NodeGraphQL.run(
      """
      const result = JSON.parse(input);
      result.__schema.directives = result.__schema.directives.filter((d) => d.name !== 'oneOf');
      process.stdout.write(g.printSchema(g.buildClientSchema(result)));
      """,
      input: ours.encodedString)
    #expect(printed == printSchema(schema))
  }

  @Test(.enabled(if: NodeGraphQL.isAvailable))
  func answersTypeQueriesLikeGraphQLJS() throws {
    let query = """
      { person: __type(name: "Person") { kind name fields { name type { kind name ofType { name } } } \
      interfaces { name } }
        filter: __type(name: "Filter") { inputFields(includeDeprecated: true) { name defaultValue isDeprecated } }
        sort: __type(name: "Sort") { enumValues(includeDeprecated: true) { name deprecationReason } }
        missing: __type(name: "Missing") { name } }
      """
    let executable = ExecutableSchema<Context>(schema: try buildSchema(Self.sdl), resolvers: [:])
    let result = executeSync(schema: executable, document: try parse(query), context: Context())
    #expect(result.errors.isEmpty, "\(result.errors)")
    let reference = try NodeGraphQL.run(
      """
      const [sdl, query] = input.split('\\u0000');
      process.stdout.write(JSON.stringify(g.graphqlSync({ schema: g.buildSchema(sdl), source: query }).data));
      """, input: Self.sdl + "\u{0}" + query)
    #expect(result.data == (try JSON(parsing: reference)))
  }

  @Test func buildClientSchemaRoundTrips() throws {
    let (schema, ours) = try Self.ourIntrospection()
    let client = try buildClientSchema(ours)
    #expect(printSchema(client) == printSchema(schema))
    #expect(client.typeNames == schema.typeNames)
    #expect(client.directives.map(\.name) == schema.directives.map(\.name))
    let wrapped = try buildClientSchema(.object(["data": ours]))
    #expect(printSchema(wrapped) == printSchema(schema))
  }

  @Test func buildClientSchemaRejectsIncompleteResults() throws {
    #expect(throws: GraphQLError.self) { try buildClientSchema(.object(["errors": .array([])])) }
    let query: JSON = .object([
      "kind": .string("OBJECT"), "name": .string("Query"), "interfaces": .array([]),
      "fields": .array([
        .object([
          "name": .string("a"), "args": .array([]),
          "type": .object(["kind": .string("OBJECT"), "name": .string("Missing")]),
        ])
      ]),
    ])
    let missingType: JSON = .object([
      "__schema": .object([
        "queryType": .object(["name": .string("Query")]), "types": .array([query]), "directives": .array([]),
      ])
    ])
    #expect(throws: GraphQLError.self) { try buildClientSchema(missingType) }
  }

  /// graphql-js 16.6's text with what 16.8 (two more `ofType` levels: #3950), 16.9 (`isOneOf`
  /// with `oneOf: true`: #4124) and 16.10 (`kind` of the root types: #4226) changed.
  @Test(.enabled(if: NodeGraphQL.isAvailable))
  func introspectionQueryIsGraphQLJSText() throws {
    let reference = try NodeGraphQL.run(
      """
      let query = g.getIntrospectionQuery({ descriptions: true, specifiedByUrl: true,
        directiveIsRepeatable: true, schemaDescription: true, inputValueDeprecation: true });
      query = query.replace(/(queryType|mutationType|subscriptionType) \\{ name \\}/g, '$1 { name kind }');
      query = query.replace('      specifiedByURL\\n', '      specifiedByURL\\n      isOneOf\\n');
      const lines = query.split('\\n');
      let at = lines.length - 1;
      while (lines[at].trim() !== 'ofType {') at -= 1;
      const indent = lines[at].length - 'ofType {'.length;
      const pad = (n) => ' '.repeat(indent + n);
      lines.splice(at + 3, 0, pad(2) + 'ofType {', pad(4) + 'kind', pad(4) + 'name', pad(4) + 'ofType {',
        pad(6) + 'kind', pad(6) + 'name', pad(4) + '}', pad(2) + '}');
      process.stdout.write(lines.join('\\n'));
      """, input: "")
    #expect(introspectionQuery == reference)
  }
}
