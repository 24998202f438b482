import GraphQL
import GraphQLWire
import Testing

/// Documents whose naive validation would be quadratic or exponential: they must finish at once.
@Suite struct LargeDocumentTests {
  @Test func comparesEachFragmentPairOnce() throws {
    // Every fragment spreads all later ones: without memoized pair comparison this explodes.
    let count = 40
    var query = "{ dog { " + (0..<count).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
    for index in 0..<count {
      let spreads = ((index + 1)..<count).map { "...F\($0)" }.joined(separator: " ")
      query += "fragment F\(index) on Dog { name owner { iq } \(spreads) }\n"
    }
    let errors = try ValidationHarness.errors(specifiedRules, query)
    #expect(errors.isEmpty)
  }

  @Test func manySpreadsOfFewDistinctFragmentsReportWhatThePairwiseComparisonReports() throws {
    // 120 spreads of three fragment shapes: two agree, the third conflicts with both (and the
    // copies of one shape with each other only through nested fragments). The fragment pairs known
    // free of conflicts are skipped by identity; the errors must be the pairwise walk's, in order.
    let shapes = [
      "x: name owner { iq }", "x: name owner { iq } ...N", "x: nickname owner { iq: name }",
    ]
    var query = "{ dog { " + (0..<120).map { "...F\($0)" }.joined(separator: " ") + " } }\n"
    for index in 0..<120 {
      let shape = index % 41 == 40 ? shapes[2] : shapes[index % 2]
      query += "fragment F\(index) on Dog { \(shape) }\n"
    }
    query += "fragment N on Dog { owner { iq } }\n"
    let fast = try ValidationHarness.errors([.overlappingFieldsCanBeMerged], query)
    let pairwise = try ValidationHarness.errors([.overlappingFieldsCanBeMergedPairwise], query)
    #expect(!fast.isEmpty)
    #expect(fast.map(\.description) == pairwise.map(\.description))
  }

  @Test func reportsConflictsAcrossManyFragments() throws {
    let query = """
      { dog { ...A ...B } }
      fragment A on Dog { x: name \((0..<200).map { "f\($0): age" }.joined(separator: " ")) }
      fragment B on Dog { x: nickname \((0..<200).map { "f\($0): age" }.joined(separator: " ")) }
      """
    let errors = try ValidationHarness.errors([.overlappingFieldsCanBeMerged], query)
    #expect(
      errors.map(\.message) == [
        #"Fields "x" conflict because "name" and "nickname" are different fields. "#
          + "Use different aliases on the fields to fetch both if this was intentional."
      ])
    #expect(errors.first?.locations.map(\.description) == ["2:21", "3:21"])
  }

  @Test func collectsVariableUsagesOfFragmentsDefinedBeforeAndAfterTheOperation() throws {
    let query = """
      fragment Before on Dog { knowsTrick(trick: $t) }
      query Q($t: TrickLevel!, $n: Int) { dog { ...Before ...After } }
      fragment After on Dog { knowsTrick(trick: $t, times: $m) }
      """
    try expectErrors(
      specifiedRules, query,
      [
        (#"Variable "$m" is not defined by operation "Q"."#, ["3:54", "2:1"]),
        (#"Variable "$n" is never used in operation "Q"."#, ["2:26"]),
        (
          #"Fields "knowsTrick" conflict because they have differing arguments. "#
            + "Use different aliases on the fields to fetch both if this was intentional.",
          ["1:26", "3:25"]
        ),
      ])
  }
}
