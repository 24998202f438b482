import GraphQL
import GraphQLWire
import Testing

@Suite struct BackendAuthTests {
  static let login = "mutation Login($email: String) { login(email: $email) { id email token profileImage } }"

  @Test func loginReturnsTheUserWithAFreshURLSafeToken() throws {
    let harness = try BackendHarness()
    let response = harness.run(Self.login, variables: ["email": .string("Ada@Example.COM")])
    #expect(response["errors"] == nil, "\(response)")
    let user = try #require(response["data"]?["login"])
    #expect(user["email"] == .string("Ada@example.com"))
    #expect(user["profileImage"] == .null)
    let token = try #require(user["token"]?.stringValue)
    #expect(token.utf8.count >= 22)  // at least 128 bits of base64
    #expect(token.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    // The same user again (domain case-insensitive), with another token.
    let again = harness.run(Self.login, variables: ["email": .string("Ada@example.com")])
    #expect(again["data"]?["login"]?["id"] == user["id"])
    #expect(again["data"]?["login"]?["token"] != user["token"])
  }

  @Test(arguments: ["", "no-at-sign", "two@@example.com", "@example.com", "ada@localhost", "a b@example.com"])
  func malformedEmailGivesNullLoginAndBadUserInput(email: String) throws {
    let harness = try BackendHarness()
    let response = harness.run(Self.login, variables: ["email": .string(email)])
    #expect(response["data"] == .object(["login": .null]))
    #expect(BackendHarness.codes(response) == ["BAD_USER_INPUT"])
    let message = try #require(BackendHarness.messages(response).first)
    #expect(message.hasPrefix("Cannot log in: an email address"))
    #expect(response["errors"]?[0]?["path"] == .array([.string("login")]))
  }

  @Test func missingEmailGivesNullLoginAndBadUserInput() throws {
    let harness = try BackendHarness()
    for response in [
      harness.run("mutation { login { id } }"), harness.run(Self.login, variables: ["email": .null]),
    ] {
      #expect(response["data"] == .object(["login": .null]))
      #expect(BackendHarness.codes(response) == ["BAD_USER_INPUT"])
      #expect(BackendHarness.messages(response) == ["Cannot log in: an email address is required."])
    }
  }

  @Test func tokenWorksBareAndAsBearerWithAnySchemeCase() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    for header in [token, "Bearer \(token)", "bearer \(token)", "BEARER   \(token)  ", " \(token)\t"] {
      let response = harness.run("{ me { email token } }", authorization: header)
      #expect(
        response
          == .object([
            "data": .object(["me": .object(["email": .string("ada@example.com"), "token": .null])])
          ]),
        "header \(header)")
    }
  }

  @Test func missingUnknownOrForgedTokensMeanAnonymous() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    var forged = Array(token)
    forged[0] = forged[0] == "A" ? "B" : "A"
    let headers: [String?] = [
      nil, "", "Bearer", "Bearer ", String(forged), "Bearer \(String(forged))", "Basic \(token)",
      // The hosted server's tokens are base64 of the email: not ours.
      "YWRhQGV4YW1wbGUuY29t", String(repeating: "A", count: 43), "\(token)x",
    ]
    for header in headers {
      let response = harness.run("{ me { id } launch(id: 1) { isBooked } }", authorization: header)
      #expect(
        response == .object(["data": .object(["me": .null, "launch": .object(["isBooked": .bool(false)])])]),
        "header \(header ?? "nil")")
    }
    #expect(harness.reported.all.isEmpty)
  }

  @Test func everyLoginKeepsEarlierTokensValid() throws {
    let harness = try BackendHarness()
    let first = try harness.login("ada@example.com")
    let second = try harness.login("ada@example.com")
    #expect(first != second)
    for token in [first, second] {
      let response = harness.run("{ me { email } }", authorization: token)
      #expect(response["data"]?["me"]?["email"] == .string("ada@example.com"))
    }
  }

  @Test func tokenIsNullOutsideLogin() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    let response = harness.run(
      #"mutation { bookTrips(launchIds: ["1"]) { success } }"#, authorization: token)
    #expect(response["data"]?["bookTrips"]?["success"] == .bool(true))
    let me = harness.run("{ me { token trips { id } } }", authorization: token)
    #expect(me["data"]?["me"]?["token"] == .null)
    #expect(me["data"]?["me"]?["trips"]?.ids == ["1"])
  }
}
