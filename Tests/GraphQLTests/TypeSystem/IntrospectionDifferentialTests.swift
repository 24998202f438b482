import Foundation
import GraphQLWire
import Testing

@testable import GraphQL

/// The full introspection query (graphql-core 3.3.2's `get_introspection_query` with every option,
/// directive deprecation included) answered by the engine and by graphql-core 3.3.2, the Python
/// port of graphql-js 17.1, on the same schema: the answers must be equal.
@Suite struct IntrospectionDifferentialTests {
  struct Context: Sendable {}

  /// Every kind, deprecations of each element (a directive too), defaults, `@specifiedBy`,
  /// `@oneOf` and a repeatable directive.
  static let sdl = """
    "The root"
    type Query implements Node {
      id: ID!
      search(text: String = "x", limit: Int = 10 @deprecated(reason: "unused"), sort: Sort = ASC, \
    filter: Filter = {tags: ["a"]}): [Result!]!
      old: String @deprecated
      choose(by: Choice): String
    }
    type Mutation { bump(by: Float = 1.5): Int }
    type Subscription { ticks: Int }
    interface Node { id: ID! }
    interface Named implements Node { id: ID! name: String }
    type Person implements Named & Node { id: ID! name: String }
    union Result = Query | Person
    enum Sort { ASC DESC @deprecated(reason: "Use `ASC`.") }
    input Filter { tags: [String!] = [] ids: [ID] old: Int @deprecated }
    input Choice @oneOf { a: Int b: String }
    "A date" scalar Date @specifiedBy(url: "https://example.com/date")
    directive @cached(ttl: Int = 60) repeatable on FIELD_DEFINITION | QUERY
    "Old caching." directive @legacyCache(ttl: Int) @deprecated(reason: "Use `@cached`.") on FIELD_DEFINITION
    directive @gone @deprecated on OBJECT
    """

  @Test(.enabled(if: GraphQLCorePeer.isInstalled), arguments: [sdl, IntrospectionTests.sdl])
  func answersTheFullIntrospectionQueryAsGraphQLCore(sdl: String) throws {
    let reference = try #require(
      try GraphQLCorePeer.run(
        ["sdl": sdl], script: GraphQLCorePeer.introspectionScript, as: [String: Any].self
      ).first)
    let query = try #require(reference["query"] as? String)
    let executable = ExecutableSchema<Context>(schema: try buildSchema(sdl), resolvers: [:])
    let result = executeSync(schema: executable, document: try parse(query), context: Context())
    #expect(result.errors.isEmpty, "\(result.errors)")
    let ours = try GraphQLCorePeer.canonical(json: try #require(result.data).encoded())
    let theirs = try GraphQLCorePeer.canonical(reference["data"] ?? NSNull())
    #expect(ours == theirs)
    if ours != theirs {
      // The first difference, for the log.
      let index = zip(ours, theirs).prefix { $0 == $1 }.count
      Issue.record(
        "differs at \(index): ours …\(ours.dropFirst(max(0, index - 200)).prefix(400))… theirs …\(theirs.dropFirst(max(0, index - 200)).prefix(400))…"
      )
    }
  }

  @Test func deprecatedDirectivesAreLeftOutUnlessAskedFor() throws {
    let executable = ExecutableSchema<Context>(schema: try buildSchema(Self.sdl), resolvers: [:])
    let query = """
      { all: __schema { directives(includeDeprecated: true) { name isDeprecated deprecationReason } }
        current: __schema { directives { name } } }
      """
    let result = executeSync(schema: executable, document: try parse(query), context: Context())
    #expect(result.errors.isEmpty, "\(result.errors)")
    let all = result.data?["all"]?["directives"]?.arrayValue ?? []
    let legacy = all.first { $0["name"]?.stringValue == "legacyCache" }
    #expect(legacy?["isDeprecated"] == .bool(true))
    #expect(legacy?["deprecationReason"]?.stringValue == "Use `@cached`.")
    #expect(
      all.first { $0["name"]?.stringValue == "gone" }?["deprecationReason"]?.stringValue
        == "No longer supported")
    let current = (result.data?["current"]?["directives"]?.arrayValue ?? []).compactMap {
      $0["name"]?.stringValue
    }
    #expect(current.contains("cached"))
    #expect(!current.contains("legacyCache"))
    #expect(!current.contains("gone"))
  }

  @Test func printedSchemasCarryTheDeprecation() throws {
    let printed = printSchema(try buildSchema(Self.sdl))
    #expect(
      printed.contains(
        "directive @legacyCache(ttl: Int) @deprecated(reason: \"Use `@cached`.\") on FIELD_DEFINITION"))
    #expect(printed.contains("directive @gone @deprecated on OBJECT"))
    // And read back the same.
    #expect(printSchema(try buildSchema(printed)) == printed)
  }
}

extension IntrospectionDifferentialTests {
  @Test func aDeprecatedDirectiveDefinitionParsesAndPrints() throws {
    let text = #"directive @old(a: Int) @deprecated(reason: "no") repeatable on FIELD"#
    #expect(print(try parse(text)) == text)
  }

  @Test func deprecatedIsCheckedWhereItStandsOnADirective() throws {
    #expect(throws: (any Error).self) {
      try buildSchema("type Query { a: Int }\ndirective @old @specifiedBy(url: \"x\") on FIELD")
    }
  }
}
