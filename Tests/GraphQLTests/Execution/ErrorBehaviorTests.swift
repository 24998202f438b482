import GraphQL
import GraphQLWire
import Testing

/// The request's `onError` (graphql-spec's `onError` proposal) through the pipeline: for each
/// value, a resolver failing at a non-null field, at a nullable field, in a list item and inside a
/// deferred fragment. `PROPAGATE` nulls the nearest nullable position, `NULL` only the one that
/// failed, `HALT` the whole `data`, with that one error.
@Suite struct ErrorBehaviorTests {
  static let sdl = """
    directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
    type Query { launch: Launch  numbers: [Int!]  other: String }
    type Launch { id: ID!  site: String  rocket: Rocket! }
    type Rocket { name: String }
    """

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  static func processor() throws -> GraphQLRequestProcessor<Void> {
    let schema = ExecutableSchema<Void>(
      schema: try buildSchema(sdl),
      resolvers: [
        "Query": [
          "launch": .sync { _ in ["id": "5"] as [String: any Sendable] },
          "numbers": .sync { _ in [1, "two", 3] as [any Sendable] },
          "other": .sync { _ in "ok" },
        ],
        "Launch": [
          "site": .sync { _ in throw Failure(description: "site unavailable") },
          "rocket": .sync { _ in throw Failure(description: "rocket failed") },
        ],
      ])
    return GraphQLRequestProcessor(schema: schema)
  }

  /// The failing requests, by name.
  static let queries: [String: String] = [
    "nonNull": "{ launch { id rocket { name } } other }",
    "nullable": "{ launch { id site } other }",
    "listItem": "{ numbers other }",
    "deferred": "{ launch { id ... @defer { rocket { name } } } other }",
  ]

  static let rocketError =
    #"{"message":"rocket failed","locations":[{"line":1,"column":15}],"path":["launch","rocket"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}"#
  static let siteError =
    #"{"message":"site unavailable","locations":[{"line":1,"column":15}],"path":["launch","site"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}"#
  static let itemError =
    #"{"message":"Int cannot represent non-integer value: \"two\"","locations":[{"line":1,"column":3}],"path":["numbers",1],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}"#
  static let deferredError =
    #"{"message":"rocket failed","locations":[{"line":1,"column":28}],"path":["launch","rocket"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}"#

  /// What the proposal states for each case, as the pipeline writes it (one entry per payload).
  static let expected: [ErrorBehavior: [String: [String]]] = [
    .propagate: [
      "nonNull": [#"{"errors":[\#(rocketError)],"data":{"launch":null,"other":"ok"}}"#],
      "nullable": [#"{"errors":[\#(siteError)],"data":{"launch":{"id":"5","site":null},"other":"ok"}}"#],
      "listItem": [#"{"errors":[\#(itemError)],"data":{"numbers":null,"other":"ok"}}"#],
      // The error would null `launch`, outside the fragment: the fragment fails as a whole.
      "deferred": [
        #"{"data":{"launch":{"id":"5"},"other":"ok"},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#,
        #"{"hasNext":false,"completed":[{"id":"0","errors":[\#(deferredError)]}]}"#,
      ],
    ],
    .null: [
      "nonNull": [#"{"errors":[\#(rocketError)],"data":{"launch":{"id":"5","rocket":null},"other":"ok"}}"#],
      "nullable": [#"{"errors":[\#(siteError)],"data":{"launch":{"id":"5","site":null},"other":"ok"}}"#],
      "listItem": [#"{"errors":[\#(itemError)],"data":{"numbers":[1,null,3],"other":"ok"}}"#],
      "deferred": [
        #"{"data":{"launch":{"id":"5"},"other":"ok"},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#,
        #"{"hasNext":false,"incremental":[{"data":{"rocket":null},"id":"0","errors":[\#(deferredError)]}],"completed":[{"id":"0"}]}"#,
      ],
    ],
    .halt: [
      "nonNull": [#"{"errors":[\#(rocketError)],"data":null}"#],
      "nullable": [#"{"errors":[\#(siteError)],"data":null}"#],
      "listItem": [#"{"errors":[\#(itemError)],"data":null}"#],
      // The initial payload went out before the error: the fragment completes with it and the
      // response ends there.
      "deferred": [
        #"{"data":{"launch":{"id":"5"},"other":"ok"},"pending":[{"id":"0","path":["launch"]}],"hasNext":true}"#,
        #"{"hasNext":false,"completed":[{"id":"0","errors":[\#(deferredError)]}]}"#,
      ],
    ],
  ]

  static let cases: [(ErrorBehavior, String)] = [ErrorBehavior.propagate, .null, .halt].flatMap { behavior in
    queries.keys.sorted().map { (behavior, $0) }
  }

  /// The payloads of one request (one for an ordinary response).
  static func payloads(_ request: GraphQLRequest, processor: GraphQLRequestProcessor<Void>) async -> [String]
  {
    guard
      let stream = processor.processIncrementally(
        request, context: (), format: .incrementalSpecV0_2)
    else { return [] }
    var payloads: [String] = []
    for await payload in stream { payloads.append(String(decoding: payload.body, as: UTF8.self)) }
    return payloads
  }

  /// The pipeline's synchronous entry point (an `async` caller would pick the other one).
  static func processSync(_ request: GraphQLRequest, _ processor: GraphQLRequestProcessor<Void>)
    -> GraphQLResponse
  {
    processor.process(request, context: ())
  }

  @Test(arguments: cases)
  func eachBehaviorAnswersAsTheProposalStates(behavior: ErrorBehavior, name: String) async throws {
    let processor = try Self.processor()
    let query = try #require(Self.queries[name])
    let request = GraphQLRequest(query: query, onError: behavior)
    let expected = try #require(Self.expected[behavior]?[name])
    #expect(await Self.payloads(request, processor: processor) == expected)
    if expected.count == 1 {
      // Ordinary execution, synchronous and asynchronous, gives the same bytes.
      #expect(String(decoding: Self.processSync(request, processor).body, as: UTF8.self) == expected[0])
      let awaited = await processor.process(request, context: ())
      #expect(String(decoding: awaited.body, as: UTF8.self) == expected[0])
    }
  }

  @Test func withoutOnErrorTheAnswerIsPropagates() async throws {
    let processor = try Self.processor()
    for (name, query) in Self.queries {
      let without = await Self.payloads(GraphQLRequest(query: query), processor: processor)
      #expect(without == Self.expected[.propagate]?[name], "\(name)")
    }
  }

  @Test(arguments: ["null", "ABORT", "NO_PROPAGATE", ""])
  func anUnknownValueIsARequestError(value: String) throws {
    let processor = try Self.processor()
    let response = processor.process(
      GraphQLRequest(query: "{ other }", onError: ErrorBehavior(rawValue: value)), context: ())
    #expect(response.isRequestError)
    #expect(response.outcome == .errorBehaviorUnsupported)
    #expect(
      String(decoding: response.body, as: UTF8.self)
        == #"{"errors":[{"message":"Unsupported `onError` value; supported values are `NULL`, `PROPAGATE` and `HALT`.","extensions":{"code":"BAD_REQUEST"}}]}"#
    )
  }

  @Test func theEngineEntryPointsTakeItToo() throws {
    let processor = try Self.processor()
    let document = try parse(Self.queries["nonNull"] ?? "")
    let result = executeSync(schema: processor.schema, document: document, context: (), onError: .null)
    #expect(result.data?.encodedString == #"{"launch":{"id":"5","rocket":null},"other":"ok"}"#)
    #expect(result.errors.map(\.message) == ["rocket failed"])
    let halted = executeSync(schema: processor.schema, document: document, context: (), onError: .halt)
    #expect(halted.data == .null)
    let unknown = executeSync(
      schema: processor.schema, document: document, context: (), onError: ErrorBehavior(rawValue: "x"))
    #expect(unknown.data == nil)
    #expect(unknown.errors.count == 1)
  }
}
