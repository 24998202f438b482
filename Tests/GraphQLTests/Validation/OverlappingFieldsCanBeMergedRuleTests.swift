import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct OverlappingFieldsCanBeMergedRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { name name n: name ...F ... on Dog { name } } catOrDog { ... on Dog { age: barkVolume } ... on Cat { age: meowVolume } } }
      fragment F on Dog { name owner { iq } }
      """#)
    try expectValid(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { knowsTrick(trick: EASY, times: 1) knowsTrick(times: 1, trick: EASY) } pets(filter: {species: "a", minAge: 1}) { name } pets(filter: {minAge: 1, species: "a"}) { age } }
      """#)
    try expectValid(
      .overlappingFieldsCanBeMerged,
      #"""
      { catOrDog { ... on Dog { x: name(surname: true) } ... on Cat { x: name(surname: false) } } }
      """#)
  }

  @Test func reportsDifferentFields() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { name: nickname name } human { x: iq x: name } }
      """#,
      [
        (
          "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:9", "1:24"]
        ),
        (
          "Fields \"x\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:39", "1:45"]
        ),
      ])
  }

  @Test func reportsDifferentArguments() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { knowsTrick(trick: EASY) knowsTrick(trick: HARD) name(surname: true) name } }
      """#,
      [
        (
          "Fields \"knowsTrick\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:9", "1:33"]
        ),
        (
          "Fields \"name\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:57", "1:77"]
        ),
      ])
  }

  @Test func reportsConflictingReturnTypes() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { named { ... on Dog { v: barkVolume } ... on Parrot { v: words } } catOrDog { ... on Dog { n: friends { name } } ... on Cat { n: age } } }
      """#,
      [
        (
          "Fields \"v\" conflict because they return conflicting types \"Int\" and \"[String!]!\". Use different aliases on the fields to fetch both if this was intentional.",
          ["1:24", "1:56"]
        ),
        (
          "Fields \"n\" conflict because they return conflicting types \"[Pet!]\" and \"Int\". Use different aliases on the fields to fetch both if this was intentional.",
          ["1:93", "1:128"]
        ),
      ])
  }

  @Test func reportsNestedConflicts() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { owner { name: iq relatives { iq } } owner { name relatives { iq: name } } } }
      """#,
      [
        (
          "Fields \"owner\" conflict because subfields \"name\" conflict because \"iq\" and \"name\" are different fields and subfields \"relatives\" conflict because subfields \"iq\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:9", "1:17", "1:26", "1:38", "1:45", "1:53", "1:58", "1:70"]
        )
      ])
  }

  @Test func reportsConflictsThroughFragments() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { ...A ...B name: nickname } }
      fragment A on Dog { name owner { iq } }
      fragment B on Dog { owner { iq: name } ...C }
      fragment C on Dog { name: age }
      """#,
      [
        (
          "Fields \"name\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:19", "2:21"]
        ),
        (
          "Fields \"owner\" conflict because subfields \"iq\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["2:26", "2:34", "3:21", "3:29"]
        ),
        (
          "Fields \"name\" conflict because \"name\" and \"age\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["2:21", "4:21"]
        ),
        (
          "Fields \"name\" conflict because \"nickname\" and \"age\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:19", "4:21"]
        ),
      ])
  }

  @Test func reportsConflictsBetweenFragmentsInSubselections() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { human { pets { ...P1 } } human { pets { ...P2 } } }
      fragment P1 on Pet { age }
      fragment P2 on Pet { age: name }
      """#,
      [
        (
          "Fields \"human\" conflict because subfields \"pets\" conflict because subfields \"age\" conflict because \"age\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:3", "1:11", "2:22", "1:28", "1:36", "3:22"]
        )
      ])
  }

  @Test func reportsDeepConflictsOnce() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { friends { ... on Dog { owner { x: iq } } } } dog { friends { ... on Dog { owner { x: name } } } } }
      """#,
      [
        (
          "Fields \"dog\" conflict because subfields \"friends\" conflict because subfields \"owner\" conflict because subfields \"x\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:3", "1:9", "1:32", "1:40", "1:54", "1:60", "1:83", "1:91"]
        )
      ])
  }

  // graphql-js 16.9 (PR #4168): comparing a set with a fragment no longer marks the fragments it
  // spreads as compared pairs, so a conflict reached through nested fragments is still found.
  @Test func reportsDeepConflictAfterNestedFragments() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      fragment F on Dog { ...G }
      fragment G on Dog { ...H }
      fragment H on Dog { x: name }
      { dog { x: nickname ...F } }
      """#,
      [
        (
          "Fields \"x\" conflict because \"nickname\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["4:9", "3:21"]
        )
      ])
  }

  @Test func reportsConflictsBetweenNestedFragmentsOfSubselections() throws {
    try expectErrors(
      .overlappingFieldsCanBeMerged,
      #"""
      { dog { owner { ...F } } dog { owner { ...I } } }
      fragment F on Human { x: name ...G }
      fragment G on Human { y: iq }
      fragment I on Human { y: name ...J }
      fragment J on Human { x: iq }
      """#,
      [
        (
          "Fields \"dog\" conflict because subfields \"owner\" conflict because subfields \"x\" conflict because \"name\" and \"iq\" are different fields and subfields \"y\" conflict because \"iq\" and \"name\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          ["1:3", "1:9", "2:23", "3:23", "1:26", "1:32", "5:23", "4:23"]
        )
      ])
  }

  @Test func comparesCopiesOfOneFieldOnce() throws {
    // Identical copies are valid together; one differing copy conflicts with each of them, in order.
    let copies = String(repeating: "dog { name owner { iq } } ", count: 300)
    try expectValid(.overlappingFieldsCanBeMerged, "{ \(copies)}")
    let errors = try ValidationHarness.errors(
      [.overlappingFieldsCanBeMerged],
      "{ dog { name } " + String(repeating: "dog { name: nickname } ", count: 3) + "}")
    #expect(
      errors.map(\.message)
        == Array(
          repeating:
            "Fields \"dog\" conflict because subfields \"name\" conflict because \"name\" and \"nickname\" are different fields. Use different aliases on the fields to fetch both if this was intentional.",
          count: 3))
    #expect(
      errors.map { $0.locations.map(\.description) } == [
        ["1:3", "1:9", "1:16", "1:22"], ["1:3", "1:9", "1:39", "1:45"], ["1:3", "1:9", "1:62", "1:68"],
      ])
  }

  @Test func stopsAtTheErrorLimit() throws {
    let fields = (0..<3000).map { $0.isMultiple(of: 2) ? "a: name" : "a: nickname" }.joined(separator: " ")
    let errors = try ValidationHarness.errors([.overlappingFieldsCanBeMerged], "{ dog { \(fields) } }")
    #expect(errors.count == 101)
    #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
    #expect(errors.first?.locations.map(\.description) == ["1:9", "1:17"])
  }
}
