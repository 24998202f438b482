import GraphQL
import GraphQLWire
import LaunchBackend
import Testing

/// The API's `@semanticNonNull` fields are null only with an error: every launch, page, trip
/// list and trip update the backend answers has a value at each such position, and the printed
/// schema carries the directive.
@Suite struct SemanticNonNullTests {
  @Test func noSemanticallyNonNullPositionIsNullInAnyAnswer() throws {
    let harness = try BackendHarness()
    let token = try harness.login("ada@example.com")
    let all = harness.run(
      """
      { totalTripsBooked
        launches(pageSize: 100) { launches { site mission { name } rocket { name type } } }
        more: launches(pageSize: 100, after: "bGF1bmNoOjEx") { launches { site mission { name } rocket { name type } } } }
      """)
    #expect(all["errors"] == nil, "\(all)")
    #expect(all["data"]?["totalTripsBooked"]?.intValue != nil)
    let launches =
      (all["data"]?["launches"]?["launches"]?.arrayValue ?? [])
      + (all["data"]?["more"]?["launches"]?.arrayValue ?? [])
    #expect(launches.count == 110)
    for launch in launches {
      #expect(launch.objectValue != nil)
      #expect(launch["site"]?.stringValue != nil)
      #expect(launch["mission"]?["name"]?.stringValue != nil)
      #expect(launch["rocket"]?["name"]?.stringValue != nil)
      #expect(launch["rocket"]?["type"]?.stringValue != nil)
    }
    for mutation in [
      #"mutation { bookTrips(launchIds: ["1", "999"]) { message launches { id } } }"#,
      #"mutation { cancelTrip(launchId: "1") { message launches { id } } }"#,
      #"mutation { cancelTrip(launchId: "2") { message launches { id } } }"#,
    ] {
      let answer = harness.run(mutation, authorization: token)
      let update = answer["data"]?["bookTrips"] ?? answer["data"]?["cancelTrip"]
      #expect(update?["message"]?.stringValue != nil, "\(answer)")
      #expect(update?["launches"]?.arrayValue?.allSatisfy { $0.objectValue != nil } == true, "\(answer)")
    }
    let me = harness.run(#"mutation { bookTrips(launchIds: ["3"]) { success } }"#, authorization: token)
    #expect(me["errors"] == nil)
    let trips = harness.run("{ me { trips { id } } }", authorization: token)
    #expect(trips["data"]?["me"]?["trips"]?.arrayValue?.allSatisfy { $0.objectValue != nil } == true)
  }

  @Test func thePrintedSchemaCarriesTheDirective() throws {
    let printed = printSchema(try LaunchBackend.schema())
    #expect(printed.contains("directive @semanticNonNull(levels: [Int!]! = [0]) on FIELD_DEFINITION"))
    #expect(printed.contains("  site: String @semanticNonNull\n"))
    #expect(printed.contains("  launches: [Launch] @semanticNonNull(levels: [0, 1])\n"))
    #expect(printed.contains("  missionPatch(") && !printed.contains("): String @semanticNonNull\n}"))
  }
}
