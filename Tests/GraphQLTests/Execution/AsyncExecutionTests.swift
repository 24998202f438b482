import GraphQL
import GraphQLWire
import Synchronization
import Testing

/// Async resolvers, serial mutations, the sync executor's refusal of async resolvers, type
/// resolvers for abstract types, and operations without a root type.
@Suite struct AsyncExecutionTests {
  /// A log shared by the mutation resolvers of one test.
  final class Log: Sendable {
    let entries = Mutex<[String]>([])
  }

  @Test func mutationRootFieldsRunSeriallyInOrder() async throws {
    let log = Log()
    // Earlier fields sleep longer: if they ran concurrently the later ones would finish first.
    let executable = try ExecutionFixture.executable(extra: [
      "Mutation": [
        "append": .async { input in
          let text = input.arguments["s"]?.stringValue ?? ""
          let delay = 3 - (Int(text) ?? 0)
          try await Task.sleep(for: .milliseconds(5 * delay))
          return log.entries.withLock { entries in
            entries.append(text)
            return entries
          }
        }
      ]
    ])
    let document = try parse(#"mutation { a: append(s: "1") b: append(s: "2") c: append(s: "3") }"#)
    let result = await execute(schema: executable, document: document, context: ())
    #expect(
      result.json.encodedString == #"{"data":{"a":["1"],"b":["1","2"],"c":["1","2","3"]}}"#)
    #expect(log.entries.withLock { $0 } == ["1", "2", "3"])
  }

  @Test func asyncExecutionAwaitsAsyncResolvers() async throws {
    let document = try parse("{ slow hello number }")
    let result = await execute(
      schema: try ExecutionFixture.executable(), document: document, context: (),
      rootValue: ExecutionFixture.rootValue)
    #expect(result.json.encodedString == #"{"data":{"slow":"done","hello":"world","number":5}}"#)
  }

  @Test func asyncExecutionPropagatesNullsLikeSync() async throws {
    let query = "{ objs { nn } failing nonNullItems pet(kind: \"cat\") { name } }"
    let document = try parse(query)
    let asyncResult = await execute(
      schema: try ExecutionFixture.executable(), document: document, context: (),
      rootValue: ExecutionFixture.rootValue)
    let syncResult = executeSync(
      schema: try ExecutionFixture.executable(), document: document, context: (),
      rootValue: ExecutionFixture.rootValue)
    #expect(asyncResult == syncResult)
    #expect(
      asyncResult.errors.map(\.path)
        == [["objs", 2, "nn"], ["failing"], ["nonNullItems", 1]].map {
          $0.map { component in
            if let index = component as? Int { PathComponent.index(index) } else { .key("\(component)") }
          }
        })
  }

  /// The one executor suspends anywhere: with every field of every type resolved by an `.async`
  /// resolver (the fixture's own, or the default lookup, each yielding first), every case of the
  /// graphql-js corpus gets the same response, errors in the same order, as the synchronous run.
  @Test(arguments: ExecutionTests.cases.filter { !$0.query.contains("slow") })
  func everyCaseAnswersTheSameWhenEveryResolverAwaits(_ testCase: ExecutionCase) async throws {
    let variables = try testCase.variables.map { try JSON(parsing: $0).objectValue ?? [:] }
    let result = await execute(
      schema: try Self.everyFieldAwaits(), document: try parse(testCase.query),
      operationName: testCase.operationName, variableValues: variables, context: (),
      rootValue: ExecutionFixture.rootValue)
    #expect(result.json.encodedString == testCase.expected)
  }

  /// The fixture's schema with an `.async` resolver for every field of its object types.
  static func everyFieldAwaits() throws -> ExecutableSchema<Void> {
    let base = try ExecutionFixture.executable()
    let fields = [
      "Query": [
        "hello", "nonNullHello", "number", "echo", "color", "badColor", "failing", "failingNonNull", "obj",
        "objs", "nonNullItems", "nonNullList", "pet", "search", "notList", "slow",
      ],
      "Obj": ["a", "b", "nn", "list"], "Dog": ["name", "barks"], "Cat": ["name", "meows"],
      "Mutation": ["append"],
    ]
    var resolvers: [String: [String: FieldResolver<Void>]] = [:]
    for (type, names) in fields {
      for name in names {
        let own = base.resolvers[type]?[name]
        resolvers[type, default: [:]][name] = .async { input in
          await Task.yield()
          switch own {
          case .sync(let resolve): return try resolve(input)
          case .async(let resolve): return try await resolve(input)
          case nil: return Self.member(name, of: input.source)
          }
        }
      }
    }
    return ExecutableSchema(schema: base.schema, resolvers: resolvers)
  }

  /// The default resolver's lookup: a dictionary's or JSON object's member.
  static func member(_ name: String, of source: (any Sendable)?) -> (any Sendable)? {
    if let dictionary = source as? [String: any Sendable] { return dictionary[name] ?? nil }
    if let dictionary = source as? [String: (any Sendable)?] { return dictionary[name] ?? nil }
    if case .object(let object)? = source as? JSON { return object[name] }
    return nil
  }

  @Test func syncExecutionReportsAsyncResolvers() throws {
    let response = try ExecutionFixture.run("{ hello slow }")
    #expect(
      response
        == #"{"errors":[{"message":"Field \"Query.slow\" has an async resolver, which the synchronous executor cannot run; use execute(...) async.","locations":[{"line":1,"column":9}],"path":["slow"]}],"data":{"hello":"world","slow":null}}"#
    )
  }

  @Test func typeResolversPickTheRuntimeType() throws {
    let base = try ExecutionFixture.executable(extra: [
      "Query": ["pet": .sync { _ in "a plain string the type resolver understands" }]
    ])
    let executable = ExecutableSchema(
      schema: base.schema, resolvers: base.resolvers,
      typeResolvers: ["Pet": { value, _ in (value as? String) != nil ? "Dog" : nil }])
    let response = try execSync(
      executable, "{ pet { __typename ... on Dog { barks } } }", context: (), rootValue: nil)
    #expect(response == #"{"data":{"pet":{"__typename":"Dog","barks":null}}}"#)
  }

  @Test func abstractValueWithoutTypeInformationIsAFieldError() throws {
    let executable = try ExecutionFixture.executable(extra: ["Query": ["pet": .sync { _ in 42 }]])
    let response = try execSync(executable, "{ pet { name } }", context: ())
    #expect(
      response
        == #"{"errors":[{"message":"Abstract type \"Pet\" must resolve to an Object type at runtime for field \"Query.pet\". Either the \"Pet\" type should provide a \"resolveType\" function or each possible type should provide an \"isTypeOf\" function.","locations":[{"line":1,"column":3}],"path":["pet"]}],"data":{"pet":null}}"#
    )
  }

  @Test func operationWithoutRootTypeFails() throws {
    let schema = try execTestSchema("type Query { a: String }")
    let executable = ExecutableSchema<Void>(schema: schema, resolvers: [:])
    #expect(
      try execSync(executable, "mutation M { a }", context: ())
        == #"{"errors":[{"message":"Schema is not configured to execute mutation operation.","locations":[{"line":1,"column":1}]}],"data":null}"#
    )
  }

  @Test func resultCoercionErrorsAndGraphQLErrorExtensions() throws {
    let executable = try ExecutionFixture.executable(extra: [
      "Query": [
        "badColor": .sync { _ in 5 },
        "hello": .sync { _ in
          throw GraphQLError("You must be logged in", extensions: ["code": .string("UNAUTHENTICATED")])
        },
      ]
    ])
    #expect(
      try execSync(executable, "{ badColor hello }", context: ())
        == #"{"errors":[{"message":"Enum \"Color\" cannot represent value: 5","locations":[{"line":1,"column":3}],"path":["badColor"]},{"message":"You must be logged in","locations":[{"line":1,"column":12}],"path":["hello"],"extensions":{"code":"UNAUTHENTICATED"}}],"data":{"badColor":null,"hello":null}}"#
    )
  }

  @Test func resolversReceiveInfoArgumentsAndContext() throws {
    let seen = Mutex<[String]>([])
    let schema = try execTestSchema("type Query { o: O } type O { f(x: Int = 1): [Int] }")
    let executable = ExecutableSchema<String>(
      schema: schema,
      resolvers: [
        "Query": ["o": .sync { _ in JSON.object([:]) }],
        "O": [
          "f": .sync { input in
            let path = input.info.path.map(\.description).joined(separator: ".")
            seen.withLock {
              $0.append("\(input.context) \(input.info.parentTypeName).\(input.info.fieldName) \(path)")
            }
            return [input.arguments["x"]?.intValue ?? 0, 2]
          }
        ],
      ])
    let response = try execSync(executable, "{ o { f g: f(x: 7) } }", context: "ctx")
    #expect(response == #"{"data":{"o":{"f":[1,2],"g":[7,2]}}}"#)
    // Twice: `execSync` runs the value-tree and the encoded executor.
    #expect(seen.withLock { $0 } == ["ctx O.f o.f", "ctx O.f o.g", "ctx O.f o.f", "ctx O.f o.g"])
  }
}
