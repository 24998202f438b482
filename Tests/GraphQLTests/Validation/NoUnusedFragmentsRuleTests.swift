import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct NoUnusedFragmentsRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .noUnusedFragments,
      #"""
      { dog { ...A } }
      fragment A on Dog { ...B }
      fragment B on Dog { name }
      """#)
  }

  @Test func reportsUnusedFragments() throws {
    try expectErrors(
      .noUnusedFragments,
      #"""
      query Q { dog { ...Used } }
      fragment Used on Dog { name }
      fragment Unused on Dog { ...AlsoUnused }
      fragment AlsoUnused on Dog { age }
      """#,
      [
        (
          "Fragment \"Unused\" is never used.",
          ["3:1"]
        ),
        (
          "Fragment \"AlsoUnused\" is never used.",
          ["4:1"]
        ),
      ])
  }

  @Test func reportsFragmentsUsedOnlyByCycles() throws {
    try expectErrors(
      .noUnusedFragments,
      #"""
      { cat { name } }
      fragment A on Dog { ...B }
      fragment B on Dog { ...A }
      """#,
      [
        (
          "Fragment \"A\" is never used.",
          ["2:1"]
        ),
        (
          "Fragment \"B\" is never used.",
          ["3:1"]
        ),
      ])
  }
}
