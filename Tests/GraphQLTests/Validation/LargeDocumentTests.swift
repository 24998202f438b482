import GraphQL
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
        (
          #"Fields "knowsTrick" conflict because they have differing arguments. "#
            + "Use different aliases on the fields to fetch both if this was intentional.",
          ["1:26", "3:25"]
        ),
        (#"Variable "$m" is not defined by operation "Q"."#, ["3:54", "2:1"]),
        (#"Variable "$n" is never used in operation "Q"."#, ["2:26"]),
      ])
  }
}
