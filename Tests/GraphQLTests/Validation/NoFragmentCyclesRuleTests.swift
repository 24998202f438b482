import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct NoFragmentCyclesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .noFragmentCycles,
      #"""
      { dog { ...A } }
      fragment A on Dog { ...B ...B owner { name } }
      fragment B on Dog { name ... on Dog { age } }
      """#)
  }

  @Test func reportsSelfSpreads() throws {
    try expectErrors(
      .noFragmentCycles,
      #"""
      fragment A on Dog { name ...A }
      """#,
      [
        (
          "Cannot spread fragment \"A\" within itself.",
          ["1:26"]
        )
      ])
  }

  @Test func reportsCyclesThroughOtherFragments() throws {
    try expectErrors(
      .noFragmentCycles,
      #"""
      fragment A on Dog { ...B }
      fragment B on Dog { owner { pets { ... on Dog { ...C } } } }
      fragment C on Dog { ...A ...B }
      """#,
      [
        (
          "Cannot spread fragment \"A\" within itself via \"B\", \"C\".",
          ["1:21", "2:49", "3:21"]
        ),
        (
          "Cannot spread fragment \"B\" within itself via \"C\".",
          ["2:49", "3:26"]
        ),
      ])
  }

  @Test func reportsEachCycleOnce() throws {
    try expectErrors(
      .noFragmentCycles,
      #"""
      fragment A on Dog { ...B ...C }
      fragment B on Dog { ...A }
      fragment C on Dog { ...A ...Missing }
      """#,
      [
        (
          "Cannot spread fragment \"A\" within itself via \"B\".",
          ["1:21", "2:21"]
        ),
        (
          "Cannot spread fragment \"A\" within itself via \"C\".",
          ["1:26", "3:21"]
        ),
      ])
  }
}
