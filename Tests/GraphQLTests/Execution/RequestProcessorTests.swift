import Dispatch
import GraphQL
import GraphQLWire
import Synchronization
import Testing

/// The request pipeline: outcome classification, Apollo Server error codes, the operation policy,
/// and the document cache (hits, LRU eviction, use from many threads).
@Suite struct RequestProcessorTests {
  private func processor(cache: DocumentCache = DocumentCache()) throws -> GraphQLRequestProcessor<Void> {
    GraphQLRequestProcessor(schema: try ExecutionFixture.executable(), cache: cache)
  }

  private func run(
    _ query: String, variables: JSONObject? = nil, operationName: String? = nil,
    admission: OperationAdmission = .streaming
  ) throws -> GraphQLResponse {
    try processor().run(
      query: query, operationName: operationName, variables: variables, context: (),
      rootValue: ExecutionFixture.rootValue, admission: admission)
  }

  @Test func parseErrorsAreRequestErrors() throws {
    let processed = try run("{ hello")
    #expect(processed.outcome == .parseFailed)
    #expect(processed.isRequestError)
    #expect(processed.operationType == nil)
    #expect(
      processed.result.json.encodedString
        == #"{"errors":[{"message":"Syntax Error: Expected Name, found <EOF>.","locations":[{"line":1,"column":8}],"extensions":{"code":"GRAPHQL_PARSE_FAILED"}}]}"#
    )
  }

  @Test func validationErrorsAreRequestErrors() throws {
    let processed = try run("{ nope }")
    #expect(processed.outcome == .validationFailed)
    #expect(
      processed.result.json.encodedString
        == #"{"errors":[{"message":"Cannot query field \"nope\" on type \"Query\".","locations":[{"line":1,"column":3}],"extensions":{"code":"GRAPHQL_VALIDATION_FAILED"}}]}"#
    )
  }

  @Test func operationResolutionErrors() throws {
    let missing = try run("query A { hello } query B { hello }")
    #expect(missing.outcome == .operationResolutionFailed)
    #expect(missing.result.data == nil)
    #expect(missing.result.errors.map(\.code) == ["OPERATION_RESOLUTION_FAILURE"])
    let unknown = try run("query A { hello }", operationName: "C")
    #expect(unknown.result.errors.map(\.message) == [#"Unknown operation named "C"."#])
  }

  @Test func variableErrorsAreBadUserInput() throws {
    let processed = try run("query Q($x: Int!) { number(x: $x) }", variables: ["x": .string("a")])
    #expect(processed.outcome == .variableCoercionFailed)
    #expect(processed.operationType == .query)
    #expect(
      processed.result.json.encodedString
        == #"{"errors":[{"message":"Variable \"$x\" has invalid value: Int cannot represent non-integer value: \"a\"","locations":[{"line":1,"column":9}],"extensions":{"code":"BAD_USER_INPUT"}}]}"#
    )
  }

  @Test func admissionRefusesBeforeExecution() throws {
    let processed = try run(#"mutation { append(s: "x") }"#, admission: .safeMethod)
    #expect(processed.outcome == .operationNotAllowed)
    #expect(processed.operationType == .mutation)
    #expect(processed.result.data == nil)
    #expect(
      processed.result.json.encodedString
        == #"{"errors":[{"message":"Can only perform a mutation operation from a POST request.","extensions":{"code":"BAD_REQUEST"}}]}"#
    )
    #expect(try run("{ hello }", admission: .safeMethod).outcome == .executed)
    let subscription = try run("subscription { hello }", admission: .singleResponse)
    #expect(subscription.outcome == .operationNotAllowed || subscription.outcome == .validationFailed)
  }

  @Test func executedRequestsCodeUncodedFieldErrors() async throws {
    let processed = try await processor().process(
      GraphQLRequest(query: "query Q { failing hello slow }"), context: (),
      rootValue: ExecutionFixture.rootValue)
    #expect(processed.outcome == .executed)
    #expect(processed.operationType == .query)
    #expect(
      String(decoding: processed.result.encoded(), as: UTF8.self)
        == #"{"errors":[{"message":"boom","locations":[{"line":1,"column":11}],"path":["failing"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}],"data":{"failing":null,"hello":"world","slow":"done"}}"#
    )
  }

  @Test(
    arguments: [
      ("{ hello", nil, nil),
      ("{ nope }", nil, nil),
      ("query A { hello } query B { hello }", nil, nil),
      ("query ($x: Int!) { number(x: $x) }", nil, nil),
      (#"mutation { append(s: "x") }"#, nil, nil),
      ("query Q { failing hello slow }", nil, "Q"),
      ("query A { hello } query B { nonNullHello failingNonNull }", "B", "B"),
      ("{ obj { nn a } objs { a } }", nil, nil),
    ] as [(String, String?, String?)])
  func theBodyIsTheResultEncoded(query: String, operationName: String?, ranName: String?) async throws {
    let processor = try processor()
    let response = processor.run(
      query: query, operationName: operationName, context: (), rootValue: ExecutionFixture.rootValue,
      admission: .safeMethod)
    #expect(
      String(decoding: response.body, as: UTF8.self)
        == String(decoding: response.result.encoded(), as: UTF8.self))
    #expect(response.operationName == ranName)
    // The asynchronous entry point runs the same stages to the same answer (`slow` aside, which
    // only it can run).
    let awaited = await processor.process(
      GraphQLRequest(query: query, operationName: operationName), context: (), admission: .safeMethod,
      rootValue: ExecutionFixture.rootValue)
    #expect(awaited.outcome == response.outcome)
    #expect(awaited.operationType == response.operationType)
    if !query.contains("slow") { #expect(awaited.body == response.body) }
  }

  @Test func repeatedQueriesHitTheCache() throws {
    let cache = DocumentCache(capacity: 10)
    let processor = try processor(cache: cache)
    for _ in 0..<3 {
      let processed = processor.run(
        query: "{ hello }", context: (), rootValue: ExecutionFixture.rootValue)
      #expect(processed.result.json.encodedString == #"{"data":{"hello":"world"}}"#)
    }
    _ = processor.run(query: "{ nope }", context: ())
    _ = processor.run(query: "{ nope }", context: ())
    #expect(cache.statistics.hits == 3)
    #expect(cache.statistics.misses == 2)
    #expect(cache.count == 2)
  }

  @Test func cacheEvictsLeastRecentlyUsed() throws {
    let cache = DocumentCache(capacity: 2)
    let entry = CachedDocument(parsed: .failure(GraphQLError("x")), validationErrors: [])
    cache.store(entry, for: "a")
    cache.store(entry, for: "b")
    #expect(cache.entry(for: "a") != nil)  // "a" is now the most recent
    cache.store(entry, for: "c")  // evicts "b"
    #expect(cache.entry(for: "b") == nil)
    #expect(cache.entry(for: "a") != nil)
    #expect(cache.entry(for: "c") != nil)
    cache.store(entry, for: "c")  // replacing keeps the count
    #expect(cache.count == 2)
  }

  @Test func longQueriesAreNotKeptInTheCache() throws {
    let cache = DocumentCache(capacity: 10, maxQueryBytes: 64)
    let processor = try processor(cache: cache)
    // 100 bytes of comment make a valid query too long to keep.
    let long = "# " + String(repeating: "x", count: 100) + "\n{ hello }"
    for _ in 0..<2 {
      let processed = processor.run(query: long, context: (), rootValue: ExecutionFixture.rootValue)
      #expect(processed.result.json.encodedString == #"{"data":{"hello":"world"}}"#)
    }
    #expect(cache.count == 0)
    _ = processor.run(query: "{ hello }", context: (), rootValue: ExecutionFixture.rootValue)
    #expect(cache.count == 1)
    #expect(DocumentCache().maxQueryBytes == 32 << 10)
  }

  @Test func processorIsSafeFromManyThreads() throws {
    let processor = try processor(cache: DocumentCache(capacity: 4))
    let responses = Mutex<[String]>([])
    DispatchQueue.concurrentPerform(iterations: 64) { iteration in
      let query = "query Q\(iteration % 8) { number(x: \(iteration)) }"
      let processed = processor.run(query: query, context: ())
      responses.withLock { $0.append(processed.result.json.encodedString) }
    }
    let all = responses.withLock { $0 }
    #expect(all.count == 64)
    #expect(Set(all) == Set((0..<64).map { #"{"data":{"number":\#($0)}}"# }))
  }
}
