import GraphQL
import GraphQLWire
import Testing

/// The executor routes `__schema`, `__type` and the introspection types to the type system's
/// resolvers; expected responses from graphql-js 16.
@Suite struct IntrospectionExecutionTests {
  @Test func metaFieldsAndIntrospectionTypes() throws {
    let schema = try buildSchema(#"type Query { a: String, e: E } enum E { A B @deprecated(reason: "old") }"#)
    let executable = ExecutableSchema<Void>(schema: schema, resolvers: [:])
    let query = """
      { __schema { queryType { name } mutationType { name } } \
      t: __type(name: "E") { kind name enumValues(includeDeprecated: true) { name isDeprecated deprecationReason } } \
      n: __type(name: "Nope") { name } }
      """
    #expect(
      try execSync(executable, query, context: ())
        == #"{"data":{"__schema":{"queryType":{"name":"Query"},"mutationType":null},"t":{"kind":"ENUM","name":"E","enumValues":[{"name":"A","isDeprecated":false,"deprecationReason":null},{"name":"B","isDeprecated":true,"deprecationReason":"old"}]},"n":null}}"#
    )
  }

  @Test func typenameOnEveryObject() throws {
    #expect(
      try ExecutionFixture.run("{ __typename obj { __typename b { t: __typename } } }")
        == #"{"data":{"__typename":"Query","obj":{"__typename":"Obj","b":{"t":"Obj"}}}}"#)
  }
}
