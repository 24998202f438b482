import GraphQL
import GraphQLWire
import LaunchBackend
import TestSupport
import Testing

/// The backend's responses say how each request ended, beyond the pipeline's stages: a refused
/// login is `.rateLimited` with its wait, a reused idempotency key `.conflict`, and field
/// errors of no such kind leave it `.executed`.
struct BackendOutcomeTests {
  @Test func aLoginOverTheRateIsRateLimitedWithItsWait() throws {
    let directory = try TemporaryDirectory(prefix: "backend-outcome")
    let backend = try LaunchBackend(
      store: SQLiteBookingStore(path: directory.child("backend.sqlite")),
      loginLimits: LoginLimits(loginsPerMinute: 6))
    defer { backend.close() }
    let login = GraphQLRequest(query: #"mutation { login(email: "ada@example.com") { token } }"#)
    func send() -> GraphQLResponse { backend.process(login, authorization: nil, client: "192.0.2.7") }
    #expect(send().outcome == .executed)
    guard case .rateLimited(let seconds) = send().outcome else {
      Issue.record("the second login within the burst of one must be refused")
      return
    }
    #expect((1...10).contains(seconds))
    // Another address has a rate of its own.
    #expect(backend.process(login, authorization: nil, client: "192.0.2.8").outcome == .executed)
  }

  @Test func aReusedIdempotencyKeyIsAConflict() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    func send(_ query: String) -> GraphQLResponse {
      harness.backend.process(GraphQLRequest(query: query), authorization: token, idempotencyKey: "k1")
    }
    let book = send(#"mutation { bookTrips(launchIds: ["5", "9999"]) { success message } }"#)
    #expect(book.outcome == .executed)
    let reused = send(#"mutation { cancelTrip(launchId: "5") { success } }"#)
    #expect(reused.outcome == .conflict)
    #expect(!reused.isRequestError, "the operation ran: its body has data")
    // Field errors of another kind leave the request executed.
    let anonymous = harness.backend.process(
      GraphQLRequest(query: #"mutation { cancelTrip(launchId: "5") { success } }"#), authorization: nil)
    #expect(!anonymous.errors.isEmpty)
    #expect(anonymous.outcome == .executed)
  }
}
