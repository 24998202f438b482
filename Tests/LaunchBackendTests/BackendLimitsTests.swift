import EngineProbes
import Foundation
import GraphQL
import GraphQLCodegen
import GraphQLHTTP
import GraphQLWire
import LaunchBackend
import TestSupport
import Testing

/// The embedded API's request limits (the same in-process and over HTTP): every operation the
/// program sends, and the standard introspection query, costs well under the default limit; issue
/// 17's probes are refused, cut short or stopped.
@Suite struct BackendLimitsTests {
  /// The operations of `Operations/`, with the variables that make each cost the most.
  static func operations() throws -> [(name: String, request: GraphQLRequest)] {
    let folder = RepositoryFiles.root.appending(path: "Operations")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { $0.hasSuffix(".graphql") }.sorted()
    let worstVariables: [String: JSONObject] = [
      "LaunchList": ["pageSize": .int(100)],
      "BookTrips": ["ids": .array((1...20).map { .string(String($0)) })],
      "LaunchDetails": ["id": .string("1")], "CancelTrip": ["id": .string("1")],
      "Login": ["email": .string("ada@example.com")],
    ]
    return try files.map { file in
      let name = String(file.dropLast(".graphql".count))
      // Without the client's own directives (`@catch`), which it leaves out of what it sends.
      let text = Codegen.strippingClientDirectives(
        from: try RepositoryFiles.text(folder.appending(path: file)))
      return (name, GraphQLRequest(query: text, variables: worstVariables[name]))
    }
  }

  @Test func everyOperationAndTheIntrospectionQueryCostWellUnderTheDefaultLimit() throws {
    let harness = try BackendHarness()
    var costs: [String: Int] = [:]
    for (name, request) in try Self.operations() {
      costs[name] = harness.backend.cost(of: request)
    }
    costs["IntrospectionQuery"] = harness.backend.cost(of: GraphQLRequest(query: introspectionQuery))
    #expect(costs.count == 9)
    for (name, cost) in costs {
      // "With room": at most half the limit each.
      #expect(cost * 2 <= BackendLimits.defaultMaxCost, "\(name) costs \(cost)")
    }
    // The figures the limit's documentation quotes.
    #expect(costs["LaunchList"] == 904)
    #expect(costs["TotalTripsBooked"] == 1)
    #expect(costs["IntrospectionQuery"] == 24_848, "\(costs)")
  }

  @Test func theProgramsQueriesAreKnownCheapOnceRunButMutationsAndIntrospectionNever() throws {
    let harness = try BackendHarness()
    let operations = Dictionary(try Self.operations(), uniquingKeysWith: { first, _ in first })
    let launchList = try #require(operations["LaunchList"])
    let bookTrips = try #require(operations["BookTrips"])
    let introspection = GraphQLRequest(query: introspectionQuery)
    for request in [launchList, bookTrips, introspection] {
      #expect(!harness.backend.isKnownCheap(request))
      _ = harness.backend.process(request, authorization: nil)
    }
    // LaunchList's page size is a variable: at most 100 launches, 904, whatever the value.
    #expect(harness.backend.isKnownCheap(launchList))
    var smallPage = launchList
    smallPage.variables = ["pageSize": .int(5)]
    #expect(harness.backend.isKnownCheap(smallPage))
    #expect(!harness.backend.isKnownCheap(bookTrips))
    #expect(!harness.backend.isKnownCheap(introspection))
  }

  @Test func theProbesAreRefusedBeforeAnythingRuns() throws {
    let harness = try BackendHarness()
    for probe in ProbeDocuments.execution {
      let response = harness.run(probe.text)
      #expect(response["data"] == nil, "\(probe.name)")
      let error = response["errors"]?[0]
      #expect(error?["extensions"]?["code"] == .string("QUERY_TOO_COMPLEX"), "\(probe.name)")
      #expect(error?["extensions"]?["maxCost"] == .int(BackendLimits.defaultMaxCost))
      #expect((error?["extensions"]?["cost"]?.intValue ?? 0) > BackendLimits.defaultMaxCost)
    }
    // 700 pages of 100 launches, 2 fields each: 700 x (1 + 1 + 100 x 2).
    let wide = harness.run(ProbeDocuments.wideLaunches(700).text)
    #expect(wide["errors"]?[0]?["extensions"]?["cost"] == .int(141_400))
  }

  @Test func aLargeAnswerEndsWithResponseTooLarge() throws {
    let directory = try TemporaryDirectory(prefix: "backend-limits")
    let backend = try LaunchBackend(
      databasePath: directory.child("backend.sqlite"),
      limits: BackendLimits(maxCost: .max, maxResponseBytes: 100_000))
    defer { backend.close() }
    let processed = backend.process(
      GraphQLRequest(query: ProbeDocuments.wideLaunches(700).text), authorization: nil,
      admission: .singleResponse)
    #expect(processed.outcome == .executed)
    #expect(processed.result.data == .null)
    #expect(processed.result.errors.map(\.code) == ["RESPONSE_TOO_LARGE"])
    let encoded = backend.process(
      GraphQLRequest(query: ProbeDocuments.wideLaunches(700).text), authorization: nil,
      admission: .singleResponse)
    #expect(encoded.body.count < 1_000)
    // The default bound (4 MiB) lets a full page through.
    let page = try BackendHarness().run(
      "{ launches(pageSize: 100) { launches { id site mission { name } } } }")
    #expect(page["errors"] == nil)
  }

  @Test func aLongRequestEndsAtItsDeadline() throws {
    let directory = try TemporaryDirectory(prefix: "backend-limits")
    let backend = try LaunchBackend(
      databasePath: directory.child("backend.sqlite"),
      limits: BackendLimits(maxCost: .max, maxResponseBytes: .max, timeout: .milliseconds(1)))
    defer { backend.close() }
    let (processed, seconds) = ThreadCPUTime.measure {
      backend.process(
        GraphQLRequest(query: ProbeDocuments.wideLaunches(700).text), authorization: nil,
        admission: .singleResponse)
    }
    #expect(processed.result.data == .null)
    #expect(processed.result.errors.map(\.code) == ["REQUEST_TIMEOUT"])
    #expect(seconds < 1, "\(seconds) s of CPU")
  }
}
