import GraphQL
import GraphQLWire
import LaunchBackend
import Testing

/// `onError` through the backend, whose fields run through the generated typed writers: a field
/// error at the non-null `launches` (a page size below 1) beside a field that succeeds.
@Suite struct BackendErrorBehaviorTests {
  static let query = #"{ launches(pageSize: 0) { cursor } launch(id: "1") { id site } }"#

  func run(_ harness: BackendHarness, _ behavior: ErrorBehavior?, _ query: String = query) -> JSON {
    harness.backend.process(
      GraphQLRequest(query: query, onError: behavior), authorization: nil, admission: .singleResponse
    ).result.json
  }

  @Test func propagateNullsTheWholeAnswer() throws {
    let harness = try BackendHarness()
    for behavior in [nil, ErrorBehavior.propagate] {
      let response = run(harness, behavior)
      #expect(response["data"] == .null)
      #expect(BackendHarness.codes(response) == ["BAD_USER_INPUT"])
    }
  }

  @Test func nullKeepsEverythingButTheFailedField() throws {
    let harness = try BackendHarness()
    let response = run(harness, .null)
    #expect(
      response["data"]?.encodedString == #"{"launches":null,"launch":{"id":"1","site":"Kwajalein Atoll"}}"#)
    #expect(BackendHarness.codes(response) == ["BAD_USER_INPUT"])
    #expect(response["errors"]?[0]?["path"] == .array([.string("launches")]))
    // A mutation that needs a login, beside the rest of its operation.
    let mutation = run(
      harness, .null,
      #"mutation { bookTrips(launchIds: ["1"]) { success } login(email: "a@b.co") { email } }"#)
    #expect(mutation["data"]?["bookTrips"] == .null)
    #expect(mutation["data"]?["login"]?["email"]?.stringValue == "a@b.co")
    #expect(BackendHarness.codes(mutation) == ["UNAUTHENTICATED"])
  }

  @Test func haltStopsAtTheFirstError() throws {
    let harness = try BackendHarness()
    let response = run(
      harness, .halt,
      #"{ launch(id: "1") { id } launches(pageSize: 0) { cursor } a: launches(pageSize: -1) { cursor } }"#)
    #expect(response["data"] == .null)
    #expect(BackendHarness.codes(response) == ["BAD_USER_INPUT"])
    #expect(response["errors"]?[0]?["path"] == .array([.string("launches")]))
  }
}
