import Foundation
import GraphQL
import GraphQLWire
import Testing

/// graphql-js 17's `@defer`/`@stream` rules (and OverlappingFieldsCanBeMerged's stream check)
/// compared with graphql-core 3.3 running the same documents through all its specified rules.
/// graphql-core writes type and field names in single quotes where graphql-js writes double
/// ones (as in every message the engine shares with both); the comparison maps its quotes.
@Suite struct DeferStreamValidationTests {
  static let sdl = """
    directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
    directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
    type Query { me: User, list: [User], name: String, nonNullList: [User!]! }
    type User { name: String, friends: [User] }
    type Mutation { m: User }
    type Subscription { s: User }
    """

  static let documents = [
    // Labels: unique, static.
    #"{ me { ... @defer(label: "a") { name } ... @defer(label: "a") { name } } }"#,
    #"{ list @stream(label: "a") { name } me { ... @defer(label: "a") { name } } }"#,
    #"query($l: String) { me { ... @defer(label: $l) { name } } }"#,
    #"query($l: String) { list @stream(label: $l) { name } }"#,
    #"{ me { ... @defer(label: null) { name } } }"#,
    // Root fields of mutations and subscriptions.
    "mutation { ... @defer { m { name } } }",
    "mutation { ...M @defer } fragment M on Mutation { m { name } }",
    "mutation { m { ... @defer { name } } }",
    "subscription { ... @defer { s { name } } }",
    // Subscriptions: only when they can be switched off.
    "subscription { s { ... @defer { name } } }",
    "subscription { s { ...F @defer } } fragment F on User { name }",
    "subscription($b: Boolean!) { s { ... @defer(if: $b) { name } } }",
    "subscription { s { ... @defer(if: false) { name } } }",
    "subscription { s { ... @defer @skip(if: true) { name } } }",
    "subscription { s { friends @stream { name } } }",
    "subscription { s { ...G } } fragment G on User { friends @stream { name } }",
    // Stream on lists only.
    "{ name @stream }",
    "{ me @stream { name } }",
    "{ nonNullList @stream(initialCount: 1) { name } }",
    // Overlapping streamed fields.
    "{ list @stream { name } list @stream { name } }",
    "{ list @stream(initialCount: 1) { name } list { name } }",
    "{ list @stream(initialCount: 1) { name } list @stream(initialCount: 2) { name } }",
    "{ me { friends @stream { name } } me { friends { name } } }",
    "{ list @stream { name } other: list @stream { name } }",
    // Valid uses.
    #"{ me { ... @defer(label: "x") { name } } list @stream(initialCount: 2, label: "y") { name } }"#,
  ]

  @Test func errorsMatchGraphQLCore() throws {
    let expected = try GraphQLCorePeer.run([
      "mode": "validate", "sdl": Self.sdl, "cases": Self.documents.map { ["query": $0] },
    ])
    let schema = try buildSchema(Self.sdl)
    for (index, document) in Self.documents.enumerated() {
      let ours = try validate(schema: schema, document: try parse(document)).map { error in
        try GraphQLCorePeer.canonical(json: error.json.encoded())
      }
      let theirs = try expected[index].map { value -> String in
        var error = try #require(value as? [String: Any])
        error["message"] = (error["message"] as? String)?.replacingOccurrences(of: "'", with: "\"")
        return try GraphQLCorePeer.canonical(error)
      }
      #expect(ours == theirs, "\(document)")
    }
  }

  @Test func introspectionShowsGraphQLCoreDirectives() async throws {
    // The schema `serve` runs declares @defer and @stream in its SDL; introspected, they are
    // graphql-core's own definitions (graphql-js 17's).
    let served = try String(
      contentsOf: GraphQLCorePeer.root.appendingPathComponent("Operations/schema.graphqls"), encoding: .utf8)
    let query = """
      { __schema { directives { name description locations isRepeatable
        args { name description defaultValue type { kind name ofType { kind name } } } } } }
      """
    let expected = try GraphQLCorePeer.run([
      "mode": "execute", "sdl": "type Query { a: String }", "builtInDirectives": true,
      "cases": [["query": query]],
    ])
    let theirs = try #require(expected.first?.first as? [String: Any])
    func introspected(_ schema: GraphQLSchema) async throws -> [String] {
      let result = await execute(
        schema: ExecutableSchema(schema: schema, resolvers: [:]), document: try parse(query), context: ())
      let json = try JSONSerialization.jsonObject(with: Data(result.encoded())) as? [String: Any]
      return incremental(((json?["data"] as? [String: Any])?["__schema"] as? [String: Any])?["directives"])
    }
    func incremental(_ directives: Any?) -> [String] {
      ((directives as? [[String: Any]]) ?? []).filter { ["defer", "stream"].contains($0["name"] as? String) }
        .compactMap { try? GraphQLCorePeer.canonical($0) }
    }
    let reference = incremental(
      ((theirs["data"] as? [String: Any])?["__schema"] as? [String: Any])?["directives"])
    #expect(reference.count == 2)
    #expect(try await introspected(try buildSchema(served)) == reference)
    // The engine's own definitions (for schemas built in code) are the served SDL's.
    let built = try buildSchema(served)
    for constant in [GraphQLDirective.defer, .stream] {
      let declared = try #require(built.directive(named: constant.name))
      #expect(declared.description == constant.description)
      #expect(declared.locations == constant.locations)
      #expect(declared.arguments.map(\.name) == constant.arguments.map(\.name))
      #expect(declared.arguments.map(\.description) == constant.arguments.map(\.description))
      #expect(declared.arguments.map(\.type) == constant.arguments.map(\.type))
      #expect(
        declared.arguments.map { $0.defaultValue.map { GraphQL.print($0) } }
          == constant.arguments.map {
            $0.defaultValue.map { GraphQL.print($0) }
          })
    }
  }
}
