import GraphQL
import GraphQLWire
import Testing

@Suite struct BackendErrorTests {
  @Test func databaseFailuresBecomeGenericInternalErrors() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    harness.backend.close()
    let requests: [(String, String?, String)] = [
      ("{ totalTripsBooked }", nil, "totalTripsBooked"),
      // The session is remembered from the login, so `me` itself needs no database; its trips
      // do, and `trips` is non-null, so `me` becomes null.
      ("{ me { id trips { id } } }", token, "me"),
      (#"mutation { login(email: "bob@example.com") { token } }"#, nil, "login"),
    ]
    for (query, authorization, field) in requests {
      let response = harness.run(query, authorization: authorization)
      #expect(response["data"] == .object([field: .null]), "\(query)")
      #expect(BackendHarness.codes(response) == ["INTERNAL_SERVER_ERROR"])
      #expect(
        BackendHarness.messages(response) == ["Internal server error: the request could not be completed."])
      let text = response.encodedString
      for secret in ["SELECT", "sqlite", "SQLite", harness.directory.url.path, token, "bob@"] {
        #expect(!text.contains(secret), "\(query) leaks \(secret)")
      }
    }
    // The detail went to the backend's report instead.
    #expect(harness.reported.all.count == requests.count)
  }

  @Test func anonymousLaunchListNeedsNoDatabase() throws {
    let harness = try BackendHarness()
    harness.backend.close()
    let response = harness.run(BackendQueryTests.launchList)
    #expect(response["errors"] == nil, "\(response)")
    #expect(response["data"]?["launches"]?["launches"]?.arrayValue?.count == 20)
    #expect(harness.reported.all.isEmpty)
  }
}
