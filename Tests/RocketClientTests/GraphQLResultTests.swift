import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Testing

/// Reading response bodies: error entries from any server, and the envelope rules.
@Suite struct GraphQLResultTests {
  @Test func readsEveryPartOfAnErrorEntry() throws {
    let entry = try JSON(
      parsing: #"""
        {"message":"boom","locations":[{"line":2,"column":3},{"line":"x"}],"path":["launches",4,"id"],
         "extensions":{"code":"INTERNAL_SERVER_ERROR","exception":{"stacktrace":["TypeError"]}}}
        """#)
    let error = GraphQLError(responseJSON: entry)
    #expect(error.message == "boom")
    #expect(error.locations == [GraphQLWire.SourceLocation(line: 2, column: 3)])
    #expect(error.path == [.key("launches"), .index(4), .key("id")])
    #expect(error.code == "INTERNAL_SERVER_ERROR")
    #expect(error.extensions?["exception"] != nil)
  }

  @Test func anEntryWithoutAMessageStillReads() {
    let error = GraphQLError(responseJSON: .object(["path": .string("not a list")]))
    #expect(error.message == "the server reported an error without a message")
    #expect(error.path == nil)
    #expect(error.locations.isEmpty)
  }

  @Test func theEnvelopeMustHoldDataOrErrors() throws {
    let cases: [(JSON, String)] = [
      (.array([]), #"the JSON body has neither "data" nor "errors""#),
      (.object(["data": .null]), "the response has neither data nor errors"),
      (.object(["errors": .string("x")]), #""errors" is not a list"#),
      (.object(["data": .int(1)]), #""data" is not an object"#),
    ]
    for (response, reason) in cases {
      #expect(throws: RocketClientError.invalidResponse(endpoint: "embedded", reason: reason)) {
        try GraphQLResult<TotalTripsBookedQuery.Data>(
          response: response, operationName: "TotalTripsBooked", endpointKey: "embedded")
      }
    }
  }

  @Test func nodeMessagesForAMissingUserMeanNotLoggedIn() {
    for message in [
      "Cannot read property 'id' of null", "Cannot read properties of null (reading 'id')",
      "Cannot read properties of undefined (reading 'id')",
    ] {
      #expect(GraphQLResult<TotalTripsBookedQuery.Data>.isNotLoggedIn(GraphQLError(message)))
    }
    #expect(
      !GraphQLResult<TotalTripsBookedQuery.Data>.isNotLoggedIn(
        GraphQLError("Cannot read property 'name' of null")))
    #expect(
      GraphQLResult<TotalTripsBookedQuery.Data>.isNotLoggedIn(GraphQLError("x").withCode("UNAUTHENTICATED")))
  }

  @Test func theRequestBodyLeavesOutWhatIsNotThere() throws {
    #expect(
      GraphQLRequest(TotalTripsBookedQuery()).json
        == .object([
          "query": .string(TotalTripsBookedQuery.document), "operationName": .string("TotalTripsBooked"),
        ]))
    let anonymous = GraphQLRequest(query: "{ totalTripsBooked }")
    #expect(anonymous.json == .object(["query": .string("{ totalTripsBooked }")]))
  }
}
