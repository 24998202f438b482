import GraphQLAPI
import GraphQLCodegen
import RocketReserverAPI
import Testing

/// The schema's `@cacheControl` hints emitted into each operation (`cacheHints`), which the
/// client's normalized cache derives every field's max-age from; none for a schema without.
@Suite struct CacheHintsCodegenTests {
  static let schema = """
    directive @cacheControl(maxAge: Int, scope: CacheControlScope, inheritMaxAge: Boolean) on FIELD_DEFINITION | OBJECT | INTERFACE | UNION
    enum CacheControlScope { PUBLIC PRIVATE }
    type Query {
      ship(id: ID!): Ship @cacheControl(maxAge: 30)
      clock: Int
    }
    type Mutation { dock(id: ID!): Ship }
    type Ship @cacheControl(inheritMaxAge: true) {
      id: ID!
      name: String
      crew: Int @cacheControl(maxAge: 5, scope: PRIVATE)
      owner: String @cacheControl(scope: PRIVATE)
    }
    """

  @Test func hintsOnTypesAndFieldsAreEmittedSortedWithTheOperationsRootType() throws {
    let files = try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: Self.schema),
      operationFiles: [
        CodegenSourceFile(
          path: "Operations/Ship.graphql",
          text: "query Ship($id: ID!) { ship(id: $id) { name } } mutation Dock { dock(id: 1) { name } }")
      ])
    let text = try #require(files.first { $0.name == "Ship.graphql.swift" }).contents
    let hints =
      #"types: ["Ship": .init(inheritMaxAge: true)], fields: ["Query.ship": .init(maxAge: 30), "Ship.crew": .init(maxAge: 5)])"#
    #expect(text.contains(#"public static let cacheHints = CacheHints(rootType: "Query", "# + hints))
    #expect(text.contains(#"public static let cacheHints = CacheHints(rootType: "Mutation", "# + hints))
  }

  @Test func aSchemaWithoutHintsEmitsNone() throws {
    let files = try Codegen.generate(
      schema: CodegenSourceFile(path: "Operations/schema.graphqls", text: "type Query { clock: Int }"),
      operationFiles: [CodegenSourceFile(path: "Operations/Clock.graphql", text: "query Clock { clock }")])
    #expect(files.allSatisfy { !$0.contents.contains("cacheHints") })
  }

  @Test func theGeneratedOperationsCarryTheServedSchemasHints() {
    let hints = LaunchDetailsQuery.cacheHints
    #expect(hints.rootType == "Query")
    #expect(hints.fields["Query.launch"] == CacheHints.Hint(maxAge: 60))
    #expect(hints.fields["Query.me"] == CacheHints.Hint(maxAge: 0))
    #expect(hints.types["Launch"] == CacheHints.Hint(inheritMaxAge: true))
    #expect(hints.fields["Launch.isBooked"] == nil)  // a scope alone gives no age
    #expect(BookTripsMutation.cacheHints.rootType == "Mutation")
  }
}
