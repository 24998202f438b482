import GraphQLWire
import Testing

@testable import GraphQL

/// The completion engine on unfinished documents: one test per place it completes.
@Suite struct CompletionTests {
  let schema: GraphQLSchema

  init() throws {
    schema = try buildSchema(
      """
      type Query {
        launches(pageSize: Int, after: String): LaunchConnection!
        launch(id: ID!): Launch
        me: User
        search(filter: SearchFilter): [SearchResult]
      }
      type Mutation { bookTrips(launchIds: [ID]!): Boolean  login(email: String): User }
      type Subscription { tripsBooked: Int }
      type LaunchConnection { cursor: String!  hasMore: Boolean!  launches: [Launch]! }
      type Launch { id: ID!  site: String  mission: Mission  isBooked: Boolean! }
      type Mission { name: String  missionPatch(size: PatchSize): String }
      type User { id: ID!  email: String!  trips: [Launch]! }
      enum PatchSize { SMALL LARGE }
      union SearchResult = Launch | User
      input SearchFilter { size: PatchSize  booked: Boolean  sizes: [PatchSize!] }
      directive @cached(ttl: Int) on FIELD
      """)
  }

  /// The labels offered where `|` stands in `document`.
  func labels(_ document: String) -> [String] {
    let cursor = document.utf8.firstIndex(of: UInt8(ascii: "|")).map {
      document.utf8.distance(from: document.utf8.startIndex, to: $0)
    }
    let text = document.split(separator: "|", omittingEmptySubsequences: false).joined()
    return completions(in: text, at: cursor ?? text.utf8.count, schema: schema).labels
  }

  @Test func operationKeywordsAtTheTop() {
    #expect(labels("") == ["query", "mutation", "subscription", "fragment"])
    #expect(labels("{ me { id } }\nmu") == ["mutation"])
  }

  @Test func rootFieldsAfterABraceOrAnOperationKeyword() {
    #expect(labels("{ ") == ["launches", "launch", "me", "search", "__typename"])
    #expect(labels("query Launches { la") == ["launches", "launch"])
    #expect(labels("mutation {") == ["bookTrips", "login", "__typename"])
    #expect(labels("subscription { ") == ["tripsBooked", "__typename"])
  }

  @Test func fieldsOfTheCurrentTypeInNestedSelectionSets() {
    #expect(labels("{ launches { launches { mission { ") == ["name", "missionPatch", "__typename"])
    #expect(labels("{ launch(id: 1) { id mission { name } s") == ["site"])
    #expect(labels("{ first: launch(id: 1) { i") == ["id", "isBooked"])
    #expect(labels("{ launch(id: 1) @cached(ttl: 5) { i") == ["id", "isBooked"])
  }

  @Test func fieldsInsideFragmentsAndInlineFragments() {
    #expect(labels("fragment L on Launch { mission { n") == ["name"])
    #expect(labels("{ search { ... on User { e") == ["email"])
    #expect(labels("{ search { ... on User { email } ... on Launch { s") == ["site"])
    #expect(labels("{ search { __") == ["__typename"])  // a union has no other fields
    #expect(labels("{ me { ... { e") == ["email"])  // an inline fragment without a type condition
  }

  @Test func argumentNamesAfterAParenthesisNotGivenYet() {
    #expect(labels("{ launches(") == ["pageSize", "after"])
    #expect(labels("{ launches(pageSize: 3, ") == ["after"])
    #expect(labels("{ launch(id: 1) { mission { missionPatch(") == ["size"])
    #expect(labels("{ me @cached(") == ["ttl"])
  }

  @Test func enumValuesForAnEnumArgument() {
    #expect(labels("{ launch(id: 1) { mission { missionPatch(size: ") == ["SMALL", "LARGE"])
    #expect(labels("{ launch(id: 1) { mission { missionPatch(size: L") == ["LARGE"])
    #expect(labels("{ search(filter: { size: ") == ["SMALL", "LARGE"])
    #expect(labels("{ search(filter: { size: SMALL, ") == ["booked", "sizes"])
    #expect(labels("{ search(filter: { sizes: [SMALL, ") == ["SMALL", "LARGE"])
    #expect(labels("{ search(filter: { booked: ") == ["true", "false"])
  }

  @Test func declaredVariablesAfterADollar() {
    let header = "query Patch($size: PatchSize, $id: ID!) { launch(id: "
    #expect(labels(header + "$") == ["size", "id"])
    #expect(labels(header + "$i") == ["id"])
    let result = completions(in: header + "$i", at: (header + "$i").utf8.count, schema: schema)
    #expect(result.candidates == [CompletionCandidate("id", kind: .variable, detail: "ID!")])
    #expect(result.prefix == "i")
    #expect(result.replacementStart == header.utf8.count + 1)
    #expect(labels("query Q($ids: [ID!]!) { bookTrips(launchIds: $") == ["ids"])
    let list = "query Q($ids: [ID!]!) { x(a: $"
    let listType = completions(in: list, at: list.utf8.count, schema: schema)
    #expect(listType.candidates.first?.detail == "[ID!]!")
  }

  @Test func fragmentNamesAfterASpreadThatApplyToTheType() {
    let fragments =
      "\nfragment LaunchFields on Launch { id }\nfragment UserFields on User { id }\nfragment Any on SearchResult { __typename }"
    #expect(labels("{ launch(id: 1) { ...|" + fragments) == ["LaunchFields", "Any"])
    #expect(labels("{ me { ...U|" + fragments) == ["UserFields"])
  }

  @Test func typeNamesAfterOn() {
    #expect(
      Set(labels("fragment F on ")) == [
        "Query", "Mutation", "Subscription", "LaunchConnection", "Launch", "Mission", "User", "SearchResult",
      ])
    #expect(Set(labels("{ search { ... on ")) == ["Launch", "User", "SearchResult"])
    #expect(labels("fragment F on La") == ["LaunchConnection", "Launch"])
    let variableTypes = Set(labels("query Q($f: "))
    #expect(variableTypes.isSuperset(of: ["Int", "String", "ID", "Boolean", "PatchSize", "SearchFilter"]))
    #expect(!variableTypes.contains("Launch"))
    #expect(labels("query Q($f: [Pa") == ["PatchSize"])
  }

  @Test func directivesAllowedAtThePlaceAfterAt() {
    #expect(Set(labels("{ me @")) == ["include", "skip", "cached"])
    #expect(labels("{ me @c") == ["cached"])
    #expect(Set(labels("{ me { ... @")) == ["include", "skip"])
    #expect(labels("query Q @") == [])  // no directive of the schema applies to a query
  }

  @Test func nothingInsideStringsCommentsOrAfterNumbers() {
    #expect(labels("{ launch(id: \"la") == [])
    #expect(labels("{ launch(id: 1) { # s") == [])
    #expect(labels("{ launch(id: 12") == [])
  }

  @Test func theTextAfterTheCursorDoesNotChangeTheState() {
    #expect(labels("{ launch(id: 1) { | } }") == ["id", "site", "mission", "isBooked", "__typename"])
    #expect(labels("{ launches(|) { cursor } }") == ["pageSize", "after"])
  }

  @Test func strayClosingBracketsAreTolerated() {
    #expect(labels("{ me { id } } } { la") == ["launches", "launch"])
    #expect(labels("{ launch(id: 1)) { s") == ["site"])
  }
}
