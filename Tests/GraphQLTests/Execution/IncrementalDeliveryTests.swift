import Foundation
import GraphQL
import GraphQLWire
import Testing

/// `@defer`/`@stream` execution compared payload by payload with graphql-core 3.3's
/// `experimental_execute_incrementally` (graphql-js 17's algorithm) on the same schema, data and
/// documents. Both sides resolve every field from the same JSON root value, except `fail` and
/// `failNN`, which throw "boom".
@Suite struct IncrementalDeliveryTests {
  static let sdl = """
    directive @defer(if: Boolean! = true, label: String) on FRAGMENT_SPREAD | INLINE_FRAGMENT
    directive @stream(if: Boolean! = true, label: String, initialCount: Int = 0) on FIELD
    type Query {
      me: User
      hero: User!
      nobody: User
      launches: [Launch!]!
      nums: [Int!]
      maybeNums: [Int]
      users: [User]
      fail: String
      broken: Broken
    }
    type User { name: String, trips: [Launch!]!, friend: User, fail: String, failNN: String! }
    type Launch { id: ID!, site: String, fail: String }
    type Broken { inner: User! }
    type Mutation { book: User }
    """

  static let rootJSON = #"""
    {
      "me": {"name": "Ann", "trips": [{"id": "1", "site": "A"}, {"id": "2", "site": "B"}, {"id": "3", "site": "C"}],
             "friend": {"name": "Bob", "trips": [{"id": "4", "site": "D"}], "friend": null}},
      "hero": {"name": "Hero", "trips": [{"id": "9", "site": "Z"}], "friend": null},
      "nobody": null,
      "launches": [{"id": "1", "site": "A"}, {"id": "2", "site": "B"}, {"id": "3", "site": "C"}],
      "nums": [1, null, 3],
      "maybeNums": [1, null, 3],
      "users": [{"name": "U1", "trips": [{"id": "5", "site": "E"}]}, {"name": "U2", "trips": []}],
      "broken": {"inner": null}
    }
    """#

  /// The documents: each is run by both engines.
  static let cases: [(query: String, variables: String?)] = [
    // Plain defer, with and without a label, on an inline fragment and a spread.
    ("{ me { name ... @defer { trips { id } } } }", nil),
    (#"{ me { name ... @defer(label: "trips") { trips { id site } } } }"#, nil),
    (#"{ me { ...T @defer(label: "t") } } fragment T on User { name trips { id } }"#, nil),
    // Defer at the root, and two at the root.
    ("{ ... @defer { me { name } } launches { id } }", nil),
    ("{ ... @defer { me { name } } ... @defer { launches { id } } }", nil),
    // Nested defer.
    (
      #"{ me { ... @defer(label: "outer") { friend { name ... @defer(label: "inner") { trips { id } } } } } }"#,
      nil
    ),
    (
      #"{ me { name ... @defer(label: "a") { trips { id } ... @defer(label: "b") { friend { name } } } } }"#,
      nil
    ),
    // Overlapping fragments: fields sent once, shared groups under the deepest announced id.
    ("{ me { ... @defer { name trips { id } } ... @defer { name } } }", nil),
    ("{ me { name } ... @defer { me { name trips { id } } } }", nil),
    ("{ me { name ... @defer { name } } }", nil),
    ("{ me { friend { name } ... @defer { friend { name trips { site } } } } }", nil),
    // Defer inside a list: one fragment per item.
    ("{ users { name ... @defer { trips { id } } } }", nil),
    // Deeper defer announced before a shallower one (graphql-js appends children first).
    (#"{ ... @defer(label: "root") { launches { id } } me { ... @defer(label: "me") { name } } }"#, nil),
    // Errors in deferred parts: nullable field, non-null field nulling the fragment, and a
    // defer under a position nulled in the initial result.
    ("{ me { name ... @defer { fail trips { id fail } } } }", nil),
    ("{ hero { name ... @defer { failNN } } }", nil),
    ("{ me { ... @defer { failNN name } } }", nil),
    ("{ broken { inner { ... @defer { name } } } }", nil),
    ("{ nobody { ... @defer { name } } me { name } }", nil),
    ("{ me { failNN ... @defer { name } } launches { id } }", nil),
    // if: false, literal and variable; if: true by variable.
    ("{ me { ... @defer(if: false) { name trips { id } } } }", nil),
    ("query($d: Boolean!) { me { ... @defer(if: $d) { name } } }", #"{"d": false}"#),
    ("query($d: Boolean!) { me { ... @defer(if: $d) { name } } }", #"{"d": true}"#),
    // Stream with initialCount 0, 1, 2, the whole list, more than the list, and a label.
    ("{ launches @stream { id } }", nil),
    ("{ launches @stream(initialCount: 1) { id } }", nil),
    (#"{ launches @stream(initialCount: 2, label: "l") { id site } }"#, nil),
    ("{ launches @stream(initialCount: 3) { id } }", nil),
    ("{ launches @stream(initialCount: 5) { id } }", nil),
    ("query($n: Int) { launches @stream(initialCount: $n) { id } }", #"{"n": 1}"#),
    ("{ launches @stream(if: false) { id } }", nil),
    // Stream errors: a nullable item, a non-null item failing the stream, an item's field.
    ("{ maybeNums @stream(initialCount: 1) }", nil),
    ("{ nums @stream(initialCount: 1) }", nil),
    ("{ launches @stream(initialCount: 1) { id fail } }", nil),
    // Stream and defer together, and a stream inside a deferred fragment.
    ("{ ... @defer { me { name } } launches @stream { id } }", nil),
    ("{ me { ... @defer { trips @stream(initialCount: 1) { id } } } }", nil),
    ("{ users @stream(initialCount: 1) { name ... @defer { trips { id } } } }", nil),
  ]

  static func executable() throws -> ExecutableSchema<Void> {
    struct Boom: Error, CustomStringConvertible {
      var description: String { "boom" }
    }
    let fail = FieldResolver<Void>.sync { _ in throw Boom() }
    return ExecutableSchema(
      schema: try buildSchema(sdl),
      resolvers: [
        "Query": ["fail": fail], "User": ["fail": fail, "failNN": fail], "Launch": ["fail": fail],
      ])
  }

  /// Our payloads for `query`, each as canonical JSON text.
  static func payloads(_ query: String, variables: JSONObject?) async throws -> [String] {
    let root = try JSON(parsing: Array(rootJSON.utf8))
    var payloads: [String] = []
    var hasNext = true
    for await payload in executeIncrementally(
      schema: try executable(), document: try parse(query), variableValues: variables, context: (),
      rootValue: root)
    {
      #expect(hasNext, "a payload after hasNext: false")
      hasNext = payload.hasNext
      payloads.append(try GraphQLCorePeer.canonical(json: payload.body))
    }
    #expect(!hasNext, "the last payload has hasNext: true")
    return payloads
  }

  @Test func payloadsMatchGraphQLCore() async throws {
    let root = try JSONSerialization.jsonObject(with: Data(Self.rootJSON.utf8))
    let expected = try GraphQLCorePeer.run([
      "mode": "execute", "sdl": Self.sdl, "root": root,
      "cases": try Self.cases.map { testCase in
        [
          "query": testCase.query,
          "variables": try JSONSerialization.jsonObject(with: Data((testCase.variables ?? "{}").utf8)),
        ] as [String: Any]
      },
    ])
    try #require(expected.count == Self.cases.count)
    for (index, testCase) in Self.cases.enumerated() {
      let variables = try testCase.variables.map {
        try JSON(parsing: Array($0.utf8)).objectValue ?? JSONObject()
      }
      let ours = try await Self.payloads(testCase.query, variables: variables)
      let theirs = try expected[index].map(GraphQLCorePeer.canonical)
      #expect(ours == theirs, "\(testCase.query)")
    }
  }

  @Test func ordinaryExecutionIgnoresTheDirectives() async throws {
    // Without incremental delivery, `@defer`/`@stream` change nothing: one answer with all.
    let root = try JSON(parsing: Array(Self.rootJSON.utf8))
    let query = "{ me { name ... @defer { trips @stream { id } } } }"
    let result = await execute(
      schema: try Self.executable(), document: try parse(query), context: (), rootValue: root)
    #expect(
      result.encoded()
        == Array(#"{"data":{"me":{"name":"Ann","trips":[{"id":"1"},{"id":"2"},{"id":"3"}]}}}"#.utf8))
  }

  /// Every field of the schema resolved by an `.async` resolver that yields first, so that every
  /// step of an incremental execution (initial result, execution groups, stream items) suspends.
  static func asyncExecutable() throws -> ExecutableSchema<Void> {
    struct Boom: Error, CustomStringConvertible {
      var description: String { "boom" }
    }
    let fields = [
      "Query": ["me", "hero", "nobody", "launches", "nums", "maybeNums", "users", "fail", "broken"],
      "User": ["name", "trips", "friend", "fail", "failNN"], "Launch": ["id", "site", "fail"],
      "Broken": ["inner"],
    ]
    var resolvers: [String: [String: FieldResolver<Void>]] = [:]
    for (type, names) in fields {
      for name in names {
        resolvers[type, default: [:]][name] = .async { input in
          await Task.yield()
          if name.hasPrefix("fail") { throw Boom() }
          return (input.source as? JSON)?[name]
        }
      }
    }
    return ExecutableSchema(schema: try buildSchema(sdl), resolvers: resolvers)
  }

  /// A response merged from its v0.2 payloads: the data with every deferred part and streamed
  /// item in place, the errors of all payloads (sorted), and the ids completed with errors.
  static func merged(_ payloads: [[String: Any]]) -> (data: String, errors: [String], failed: [String]) {
    var data = payloads.first?["data"] as Any
    var paths: [String: [Any]] = [:]
    var errors: [String] = []
    var failed: [String] = []
    func text(_ value: Any) -> String { (try? GraphQLCorePeer.canonical(value)) ?? "?" }
    func update(_ value: Any, at path: ArraySlice<Any>, _ change: (Any) -> Any) -> Any {
      guard let key = path.first else { return change(value) }
      if let key = key as? String, var object = value as? [String: Any], let inner = object[key] {
        object[key] = update(inner, at: path.dropFirst(), change)
        return object
      }
      if let index = key as? Int, var array = value as? [Any], index < array.count {
        array[index] = update(array[index], at: path.dropFirst(), change)
        return array
      }
      return value
    }
    for payload in payloads {
      for pending in (payload["pending"] as? [[String: Any]]) ?? [] {
        paths[pending["id"] as? String ?? ""] = pending["path"] as? [Any] ?? []
      }
      errors += ((payload["errors"] as? [Any]) ?? []).map(text)
      for entry in (payload["incremental"] as? [[String: Any]]) ?? [] {
        let path = (paths[entry["id"] as? String ?? ""] ?? []) + ((entry["subPath"] as? [Any]) ?? [])
        errors += ((entry["errors"] as? [Any]) ?? []).map(text)
        if let fields = entry["data"] as? [String: Any] {
          data = update(data, at: path[...]) { value in
            var object = value as? [String: Any] ?? [:]
            object.merge(fields) { $1 }
            return object
          }
        } else if let items = entry["items"] as? [Any] {
          data = update(data, at: path[...]) { value in (value as? [Any] ?? []) + items }
        }
      }
      for completed in (payload["completed"] as? [[String: Any]]) ?? [] where completed["errors"] != nil {
        failed.append(completed["id"] as? String ?? "")
        errors += ((completed["errors"] as? [Any]) ?? []).map(text)
      }
    }
    return (text(data), errors.sorted(), failed.sorted())
  }

  @Test func asyncResolversGiveTheSameMergedResult() async throws {
    let root = try JSON(parsing: Array(Self.rootJSON.utf8))
    for testCase in Self.cases {
      let variables = try testCase.variables.map {
        try JSON(parsing: Array($0.utf8)).objectValue ?? JSONObject()
      }
      var runs: [[[String: Any]]] = []
      for executable in [try Self.executable(), try Self.asyncExecutable()] {
        var payloads: [[String: Any]] = []
        for await payload in executeIncrementally(
          schema: executable, document: try parse(testCase.query), variableValues: variables, context: (),
          rootValue: root)
        {
          payloads.append(
            try #require(try JSONSerialization.jsonObject(with: Data(payload.body)) as? [String: Any]))
        }
        runs.append(payloads)
      }
      let sync = Self.merged(runs[0])
      let async = Self.merged(runs[1])
      #expect(sync.data == async.data, "\(testCase.query)")
      #expect(sync.errors == async.errors, "\(testCase.query)")
      #expect(sync.failed.count == async.failed.count, "\(testCase.query)")
      #expect(
        (runs[0].last?["hasNext"] as? Bool ?? false) == false
          && (runs[1].last?["hasNext"] as? Bool ?? false) == false)
    }
  }
}
