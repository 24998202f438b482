import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct NoUnusedVariablesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .noUnusedVariables,
      #"""
      query ($id: ID!, $show: Boolean!) { pet(id: $id) @include(if: $show) { ...F } }
      fragment F on Pet { name }
      """#)
  }

  @Test func reportsUnusedVariables() throws {
    try expectErrors(
      .noUnusedVariables,
      #"""
      query Q($a: ID, $b: Int, $c: String) { pet(id: $a) { name } }
      query ($d: Int) { dog { name } }
      """#,
      [
        (
          "Variable \"$b\" is never used in operation \"Q\".",
          ["1:17"]
        ),
        (
          "Variable \"$c\" is never used in operation \"Q\".",
          ["1:26"]
        ),
        (
          "Variable \"$d\" is never used.",
          ["2:8"]
        ),
      ])
  }

  @Test func countsUsesThroughFragments() throws {
    try expectErrors(
      .noUnusedVariables,
      #"""
      query A($t: TrickLevel!, $n: Int) { dog { ...F } }
      fragment F on Dog { knowsTrick(trick: $t) }
      """#,
      [
        (
          "Variable \"$n\" is never used in operation \"A\".",
          ["1:26"]
        )
      ])
  }
}
