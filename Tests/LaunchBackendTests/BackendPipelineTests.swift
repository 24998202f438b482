import GraphQL
import GraphQLWire
import LaunchBackend
import Testing

/// Requests that fail before execution: the engine's pipeline classifies them and codes them as
/// Apollo Server 4 does, and the response has no `data`.
@Suite struct BackendPipelineTests {
  struct Case: Sendable, CustomTestStringConvertible {
    let query: String
    var operationName: String? = nil
    var variables: JSONObject? = nil
    let outcome: GraphQLResponse.Outcome
    let code: String
    let message: String

    var testDescription: String { code }
  }

  static let cases: [Case] = [
    Case(
      query: "{ launches { ", outcome: .parseFailed, code: "GRAPHQL_PARSE_FAILED",
      message: "Syntax Error: Expected Name, found <EOF>."),
    Case(
      query: "{ launches { nope } }", outcome: .validationFailed, code: "GRAPHQL_VALIDATION_FAILED",
      message: "Cannot query field \"nope\" on type \"LaunchConnection\"."),
    Case(
      query: "query A { me { id } } query B { me { id } }", outcome: .operationResolutionFailed,
      code: "OPERATION_RESOLUTION_FAILURE",
      message: "Must provide operation name if query contains multiple operations."),
    Case(
      query: "query A { me { id } }", operationName: "C", outcome: .operationResolutionFailed,
      code: "OPERATION_RESOLUTION_FAILURE", message: "Unknown operation named \"C\"."),
    Case(
      query: "query($id: ID!) { launch(id: $id) { id } }", outcome: .variableCoercionFailed,
      code: "BAD_USER_INPUT",
      message: "Variable \"$id\" has invalid value: Expected a value of non-null type \"ID!\" to be provided."
    ),
    Case(
      query: "query($n: Int) { launches(pageSize: $n) { cursor } }", variables: ["n": .string("ten")],
      outcome: .variableCoercionFailed, code: "BAD_USER_INPUT",
      message: "Variable \"$n\" has invalid value: Int cannot represent non-integer value: \"ten\""),
  ]

  @Test(arguments: cases)
  func requestErrorsHaveTheirCodeAndNoData(_ testCase: Case) throws {
    let harness = try BackendHarness()
    let processed = harness.backend.process(
      GraphQLRequest(
        query: testCase.query, operationName: testCase.operationName, variables: testCase.variables),
      authorization: nil, admission: .singleResponse)
    #expect(processed.outcome == testCase.outcome)
    #expect(processed.result.data == nil)
    let json = processed.result.json
    #expect(json["data"] == nil)
    #expect(BackendHarness.codes(json) == [testCase.code])
    #expect(BackendHarness.messages(json) == [testCase.message])
  }

  @Test func subscriptionsAreRefusedWithAClearError() throws {
    let harness = try BackendHarness()
    let processed = harness.backend.process(
      GraphQLRequest(query: "subscription { tripsBooked }"), authorization: nil, admission: .singleResponse)
    #expect(processed.outcome == .operationNotAllowed)
    #expect(processed.operationType == .subscription)
    #expect(processed.result.data == nil)
    #expect(
      BackendHarness.messages(processed.result.json) == [
        "Subscriptions are not supported over this transport."
      ])
  }

  @Test func mutationsAreRefusedWhenNotAllowedAndChangeNothing() throws {
    let harness = try BackendHarness()
    let login = #"mutation { login(email: "ada@example.com") { token } }"#
    let refused = harness.backend.process(
      GraphQLRequest(query: login), authorization: nil, admission: .safeMethod)
    #expect(refused.outcome == .operationNotAllowed)
    #expect(refused.operationType == .mutation)
    #expect(refused.result.data == nil)
    #expect(
      BackendHarness.messages(refused.result.json) == [
        "Can only perform a mutation operation from a POST request."
      ])
    // Queries still run, and so do mutations where they are allowed.
    let query = harness.backend.process(
      GraphQLRequest(query: "{ totalTripsBooked }"), authorization: nil, admission: .safeMethod)
    #expect(query.outcome == .executed)
    #expect(query.operationType == .query)
    let allowed = harness.backend.process(
      GraphQLRequest(query: login), authorization: nil, admission: .singleResponse)
    #expect(allowed.outcome == .executed)
    #expect(allowed.operationType == .mutation)
  }

  @Test func repeatedDocumentsGiveTheSameResponse() throws {
    let harness = try BackendHarness()
    let first = harness.run(BackendQueryTests.launchList)
    let second = harness.run(BackendQueryTests.launchList)
    #expect(first == second)
    #expect(first["data"]?["launches"]?["launches"]?.arrayValue?.count == 20)
  }
}
