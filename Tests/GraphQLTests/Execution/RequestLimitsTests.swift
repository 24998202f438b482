import EngineProbes
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// The request limits of `GraphQLRequestProcessor`: the static cost limit (nothing runs above
/// it), the response-size bound and the deadline (checked inside validation and execution).
@Suite struct RequestLimitsTests {
  static let sdl = """
    type Query {
      items(first: Int): [Item!]!
      page(size: Int): Page!
      item: Item
    }
    type Page { items: [Item!]! total: Int }
    type Item { id: Int name: String children(first: Int): [Item!]! }
    """

  static let model = CostModel(
    listBounds: [
      "Query.items": .argument("first", defaultValue: 20, max: 100),
      "Item.children": .argument("first", defaultValue: 20, max: 100),
      "Page.items": .parentArgument("size", defaultValue: 20, max: 100),
    ],
    defaultListBound: 10)

  static func items(_ count: Int) -> [[String: any Sendable]] {
    (0..<count).map { ["id": $0, "name": "item \($0)"] as [String: any Sendable] }
  }

  static func processor(_ limits: RequestLimits) throws -> GraphQLRequestProcessor<Void> {
    let resolvers: [String: [String: FieldResolver<Void>]] = [
      "Query": [
        "items": .sync { input in items(input.arguments["first"]?.intValue ?? 20) },
        "page": .sync { input in
          ["items": items(input.arguments["size"]?.intValue ?? 20)] as [String: any Sendable]
        },
      ],
      "Item": ["children": .sync { input in items(input.arguments["first"]?.intValue ?? 20) }],
    ]
    let executable = ExecutableSchema(schema: try buildSchema(sdl), resolvers: resolvers)
    return GraphQLRequestProcessor(schema: executable, limits: limits)
  }

  static func run(_ query: String, _ limits: RequestLimits, variables: JSONObject? = nil) throws
    -> GraphQLResponse
  {
    try processor(limits).run(query: query, variables: variables, context: ())
  }

  @Test func costCountsFieldsTimesListBounds() throws {
    let processor = try Self.processor(RequestLimits(costModel: Self.model))
    #expect(processor.cost(query: "{ item { id name } }") == 3)
    // 1 + 10 items x (id + name)
    #expect(processor.cost(query: "{ items(first: 10) { id name } }") == 21)
    // The default (20) when absent, the maximum (100) above it, a variable's value.
    #expect(processor.cost(query: "{ items { id } }") == 21)
    #expect(processor.cost(query: "{ items(first: 5000) { id } }") == 101)
    #expect(
      processor.cost(query: "query($n: Int) { items(first: $n) { id } }", variables: ["n": .int(3)]) == 4)
    // A bound from the parent field's argument; nested lists multiply.
    #expect(processor.cost(query: "{ page(size: 7) { total items { id } } }") == 1 + 1 + 1 + 7)
    #expect(processor.cost(query: "{ items(first: 2) { children(first: 3) { id } } }") == 1 + 2 * (1 + 3))
    // Fragments count at each spread.
    #expect(
      processor.cost(query: "{ a: item { ...F } b: item { ...F } } fragment F on Item { id name }") == 6)
    // Introspection fields weigh 2, with the schema's own list sizes.
    let introspection = try #require(processor.cost(query: "{ __schema { types { name } } }"))
    let typeCount = try buildSchema(Self.sdl).typeMap.count
    #expect(introspection == 2 + 2 + typeCount * 2)
  }

  @Test func costOverflowSaturates() throws {
    let processor = try Self.processor(RequestLimits(costModel: Self.model))
    var query = "{ items(first: 100) { id } }"
    for _ in 0..<12 {
      query = query.replacingOccurrences(of: "{ id }", with: "{ children(first: 100) { id } }")
    }
    #expect(processor.cost(query: query) == Int.max)
  }

  @Test func anOperationAboveTheCostLimitDoesNotRun() throws {
    let processed = try Self.run(
      "{ items(first: 10) { id name } }", RequestLimits(maxCost: 20, costModel: Self.model))
    #expect(processed.outcome == .costLimitExceeded)
    #expect(processed.isRequestError)
    #expect(processed.result.data == nil)
    let error = try #require(processed.result.errors.first)
    #expect(error.code == "QUERY_TOO_COMPLEX")
    #expect(error.extensions?["cost"] == .int(21))
    #expect(error.extensions?["maxCost"] == .int(20))
    let allowed = try Self.run(
      "{ items(first: 10) { id name } }", RequestLimits(maxCost: 21, costModel: Self.model))
    #expect(allowed.outcome == .executed)
    #expect(allowed.result.errors.isEmpty)
  }

  /// The processor remembers a checked operation's cost, but not one whose list bound is a
  /// variable: the same document with a larger variable is refused after a smaller one ran.
  @Test func aCostThatReadsAVariableIsCheckedForEveryRequest() throws {
    let processor = try Self.processor(RequestLimits(maxCost: 20, costModel: Self.model))
    let query = "query($n: Int) { items(first: $n) { id } }"
    let small = processor.run(query: query, variables: ["n": .int(3)], context: ())
    #expect(small.outcome == .executed)
    let large = processor.run(query: query, variables: ["n": .int(50)], context: ())
    #expect(large.outcome == .costLimitExceeded)
    #expect(large.result.errors.first?.extensions?["cost"] == .int(51))
    let constant = "{ items(first: 30) { id } }"
    for _ in 0..<2 {
      #expect(processor.run(query: constant, context: ()).outcome == .costLimitExceeded)
    }
  }

  @Test func aResponseOverItsBoundEndsWithDataNull() throws {
    let limits = RequestLimits(costModel: Self.model, maxResponseBytes: 10_000)
    let processed = try Self.run("{ items(first: 100) { children(first: 100) { id name } } }", limits)
    #expect(processed.outcome == .executed)
    #expect(processed.result.data == .null)
    #expect(processed.result.errors.map(\.code) == ["RESPONSE_TOO_LARGE"])
    // The encoded path (what servers send) stops the same way, with little written past the bound.
    let encoded = try Self.processor(limits).run(
      query: "{ items(first: 100) { children(first: 100) { id name } } }", context: ())
    let text = String(decoding: encoded.body, as: UTF8.self)
    #expect(text.hasSuffix(#""data":null}"#), "\(text.prefix(300))")
    #expect(text.contains("RESPONSE_TOO_LARGE"))
    #expect(encoded.body.count < 1_000)
    // Under the bound, the same request answers in full.
    let small = try Self.run("{ items(first: 3) { id } }", limits)
    #expect(small.result.errors.isEmpty)
  }

  @Test func executionStopsAtItsDeadline() throws {
    // A million fields: seconds of work without the deadline.
    let limits = RequestLimits(costModel: Self.model, timeout: .milliseconds(50))
    let query = "{ items(first: 1000) { children(first: 1000) { id name } } }"
    let (processed, seconds) = try ThreadCPUTime.measure { try Self.run(query, limits) }
    #expect(processed.result.data == .null)
    #expect(processed.result.errors.map(\.code) == ["REQUEST_TIMEOUT"])
    #expect(seconds < 1, "\(seconds) s of CPU")
  }

  @Test func validationStopsAtItsDeadlineAndIsNotCached() throws {
    // Distinct fields with one response key: every pair is compared.
    let fields = (0..<2000).map { "item { a\($0): id }" }.joined(separator: " ")
    let processor = try Self.processor(RequestLimits(costModel: Self.model, timeout: .nanoseconds(1)))
    let processed = processor.run(query: "{ \(fields) }", context: ())
    #expect(processed.result.data == .null)
    #expect(processed.result.errors.map(\.code) == ["REQUEST_TIMEOUT"])
    let cached = processor.cache.entry(for: "{ \(fields) }") != nil
    #expect(!cached, "a timed-out validation was cached")
  }

  @Test func aQueryIsKnownCheapOnlyOnceItsCostIsRememberedAndSmall() throws {
    let processor = try Self.processor(RequestLimits(maxCost: 5_000, costModel: Self.model))
    let small = GraphQLRequest(query: "{ items(first: 3) { id } }")
    let large = GraphQLRequest(query: "{ items(first: 100) { id name } }")
    let boundByVariable = GraphQLRequest(
      query: "query($n: Int) { items(first: $n) { id } }", variables: ["n": .int(2)])
    // Nothing is known before a request ran: the caches are only asked, never filled.
    #expect(!processor.isKnownCheap(small, maxCost: 50))
    #expect(processor.cache.count == 0)
    let lookups = processor.cache.statistics
    for request in [small, large, boundByVariable] {
      _ = processor.process(request, context: ())
    }
    #expect(processor.isKnownCheap(small, maxCost: 50))
    #expect(processor.isKnownCheap(small, maxCost: 4))
    #expect(!processor.isKnownCheap(small, maxCost: 3))
    // 201 is over the bound. A bound read from a variable counts at its maximum (100): 101,
    // whatever the variable said.
    #expect(!processor.isKnownCheap(large, maxCost: 50))
    #expect(!processor.isKnownCheap(boundByVariable, maxCost: 100))
    #expect(processor.isKnownCheap(boundByVariable, maxCost: 101))
    var otherValue = boundByVariable
    otherValue.variables = ["n": .int(90)]
    #expect(processor.isKnownCheap(otherValue, maxCost: 101))
    // Asking counted no lookup of the document cache.
    #expect(processor.cache.statistics.hits == lookups.hits)
    #expect(processor.cache.statistics.misses == lookups.misses + 3)
  }

  @Test func invalidDocumentsMissingOperationsAndUnlimitedCostsAreNeverKnownCheap() throws {
    let processor = try Self.processor(RequestLimits(maxCost: 5_000, costModel: Self.model))
    let requests = [
      GraphQLRequest(query: "{ nothing }"),
      GraphQLRequest(query: "{ items(first: 1) { id "),
      GraphQLRequest(query: "query A { item { id } } query B { item { name } }", operationName: "C"),
    ]
    for request in requests { _ = processor.process(request, context: ()) }
    for request in requests { #expect(!processor.isKnownCheap(request, maxCost: 1_000)) }
    // Without a cost limit no cost is computed, so none is known.
    let unlimited = try Self.processor(RequestLimits(costModel: Self.model))
    let small = GraphQLRequest(query: "{ item { id } }")
    _ = unlimited.process(small, context: ())
    #expect(!unlimited.isKnownCheap(small, maxCost: 1_000))
  }
}
