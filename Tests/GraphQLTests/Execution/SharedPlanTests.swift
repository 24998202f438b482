import GraphQL
import GraphQLWire
import Synchronization
import TestSupport
import Testing

/// Field plans are shared by every execution of one parsed document against one executable
/// schema (and by threads running it at once): what depends on the request (its context,
/// variables, `@skip`/`@include` on variables) must still be decided per request.
@Suite struct SharedPlanTests {
  static let sdl = """
    type Query { me: User, pets: [Pet], count: Int }
    type User { name: String, tag(prefix: String): String, friends: [User!]! }
    interface Pet { name: String }
    type Dog implements Pet { name: String, barks: Boolean }
    type Cat implements Pet { name: String, lives: Int }
    """

  /// One executable schema for every run, so runs share the cached plans. The context is the
  /// viewer's name.
  static let executable: ExecutableSchema<String> = {
    let schema: GraphQLSchema
    do {
      schema = try buildSchema(sdl)
    } catch {
      fatalError("the test schema does not build: \(error)")
    }
    let friends: [[String: any Sendable]] = [["name": "Ada"], ["name": "Alan"]]
    return ExecutableSchema(
      schema: schema,
      resolvers: [
        "Query": [
          "me": .sync { input in ["name": input.context, "friends": friends] as [String: any Sendable] },
          "pets": .sync { input in
            input.context.count.isMultiple(of: 2)
              ? [["kind": "Dog", "name": "Rex", "barks": true], ["kind": "Cat", "name": "Tom", "lives": 9]]
              : [["kind": "Cat", "name": "Kit", "lives": 3]] as [[String: any Sendable]]
          },
        ],
        "User": [
          "tag": .sync { input in
            "\(input.arguments["prefix"]?.stringValue ?? "-"):\(input.info.path.map(\.description).joined(separator: "."))"
          }
        ],
      ],
      typeResolvers: [
        "Pet": { value, _ in (value as? [String: any Sendable])?["kind"] as? String }
      ])
  }()

  private func run(_ document: Document, _ context: String, _ variables: JSONObject? = nil) -> String {
    String(
      decoding: executeSyncEncoded(
        schema: Self.executable, document: document, variableValues: variables, context: context),
      as: UTF8.self)
  }

  @Test func eachRunSeesItsOwnContext() throws {
    let document = try parse("{ me { name } }")
    #expect(run(document, "grace") == #"{"data":{"me":{"name":"grace"}}}"#)
    #expect(run(document, "linus") == #"{"data":{"me":{"name":"linus"}}}"#)
    #expect(run(document, "grace") == #"{"data":{"me":{"name":"grace"}}}"#)
  }

  @Test func nestedSkipOnAVariableIsDecidedPerRun() throws {
    let document = try parse(
      "query ($hide: Boolean!) { me { name @skip(if: $hide) friends { name @include(if: $hide) } } }")
    let shown = #"{"data":{"me":{"name":"ada","friends":[{},{}]}}}"#
    let hidden = #"{"data":{"me":{"friends":[{"name":"Ada"},{"name":"Alan"}]}}}"#
    #expect(run(document, "ada", ["hide": .bool(false)]) == shown)
    #expect(run(document, "ada", ["hide": .bool(true)]) == hidden)
    #expect(run(document, "ada", ["hide": .bool(false)]) == shown)
  }

  @Test func nestedArgumentsWithVariablesAreCoercedPerRun() throws {
    let document = try parse(#"query ($p: String) { me { tag(prefix: $p) fixed: tag(prefix: "k") } }"#)
    #expect(
      run(document, "ada", ["p": .string("x")]) == #"{"data":{"me":{"tag":"x:me.tag","fixed":"k:me.fixed"}}}"#
    )
    #expect(
      run(document, "ada", ["p": .string("y")]) == #"{"data":{"me":{"tag":"y:me.tag","fixed":"k:me.fixed"}}}"#
    )
  }

  @Test func abstractTypesArePlannedPerRuntimeTypeAcrossRuns() throws {
    let document = try parse("{ pets { __typename name ... on Dog { barks } ... on Cat { lives } } }")
    let two =
      #"{"data":{"pets":[{"__typename":"Dog","name":"Rex","barks":true},{"__typename":"Cat","name":"Tom","lives":9}]}}"#
    let one = #"{"data":{"pets":[{"__typename":"Cat","name":"Kit","lives":3}]}}"#
    #expect(run(document, "ab") == two)
    #expect(run(document, "abc") == one)
    #expect(run(document, "ab") == two)
  }

  @Test func valueTreeAndAsyncExecutorsShareTheSamePlans() async throws {
    let document = try parse("query ($hide: Boolean!) { me { name friends { name @skip(if: $hide) } } }")
    let encoded = run(document, "ada", ["hide": .bool(true)])
    let tree = executeSync(
      schema: Self.executable, document: document, variableValues: ["hide": .bool(true)], context: "ada")
    let awaited = await execute(
      schema: Self.executable, document: document, variableValues: ["hide": .bool(false)], context: "bob")
    #expect(String(decoding: tree.encoded(), as: UTF8.self) == encoded)
    #expect(
      String(decoding: awaited.encoded(), as: UTF8.self)
        == #"{"data":{"me":{"name":"bob","friends":[{"name":"Ada"},{"name":"Alan"}]}}}"#)
  }

  @Test func threadsRunningOneDocumentSeeTheirOwnContextAndVariables() throws {
    let document = try parse("query ($hide: Boolean!) { me { name friends { name @skip(if: $hide) } } }")
    let failures = runOnThreads(8) { thread in
      for round in 0..<200 {
        let name = "user\(thread)"
        let hide = (thread + round).isMultiple(of: 2)
        let friends = hide ? "[{},{}]" : #"[{"name":"Ada"},{"name":"Alan"}]"#
        let expected = #"{"data":{"me":{"name":"\#(name)","friends":\#(friends)}}}"#
        let got = run(document, name, ["hide": .bool(hide)])
        if got != expected { throw PlanMismatch(description: "thread \(thread) round \(round): \(got)") }
      }
    }
    #expect(failures.isEmpty, "\(failures)")
  }

  @Test func longDocumentsRunCorrectlyWithoutCachedPlans() throws {
    // Over the plan cache's 32 KiB: planned on every run, with the same results.
    let document = try parse(
      "# " + String(repeating: "x", count: 40 << 10)
        + "\nquery ($hide: Boolean!) { me { name @skip(if: $hide) } }")
    #expect(run(document, "ada", ["hide": .bool(false)]) == #"{"data":{"me":{"name":"ada"}}}"#)
    #expect(run(document, "bob", ["hide": .bool(true)]) == #"{"data":{"me":{}}}"#)
    #expect(run(document, "cy", ["hide": .bool(false)]) == #"{"data":{"me":{"name":"cy"}}}"#)
  }

  @Test func optionalsBoxedInDictionariesStillSerialize() throws {
    let schema = try buildSchema(
      "type Query { user: User } type User { name: String, age: Int, ok: Boolean }")
    let user: [String: any Sendable] = [
      "name": String?.some("Ada") as any Sendable, "age": Int?.none as any Sendable,
      "ok": Bool?.some(true) as any Sendable,
    ]
    let executable = ExecutableSchema<Void>(
      schema: schema, resolvers: ["Query": ["user": .sync { _ in user }]])
    let document = try parse("{ user { name age ok } }")
    let expected = #"{"data":{"user":{"name":"Ada","age":null,"ok":true}}}"#
    #expect(
      String(decoding: executeSyncEncoded(schema: executable, document: document, context: ()), as: UTF8.self)
        == expected)
    #expect(
      String(
        decoding: executeSync(schema: executable, document: document, context: ()).encoded(), as: UTF8.self)
        == expected)
  }
}

private struct PlanMismatch: Error, CustomStringConvertible {
  let description: String
}
