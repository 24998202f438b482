import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct NoUndefinedVariablesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .noUndefinedVariables,
      #"""
      query Q($id: ID!, $t: TrickLevel!) { pet(id: $id) { ...F } }
      fragment F on Pet { ... on Dog { knowsTrick(trick: $t) } }
      """#)
  }

  @Test func reportsUndefinedInOperations() throws {
    try expectErrors(
      .noUndefinedVariables,
      #"""
      query Q($a: ID) { pet(id: $b) { name } human(id: $b) { iq } }
      { dog { knowsTrick(trick: $c) } }
      """#,
      [
        (
          "Variable \"$b\" is not defined by operation \"Q\".",
          ["1:27", "1:1"]
        ),
        (
          "Variable \"$b\" is not defined by operation \"Q\".",
          ["1:50", "1:1"]
        ),
        (
          "Variable \"$c\" is not defined.",
          ["2:27", "2:1"]
        ),
      ])
  }

  @Test func reportsUndefinedInFragmentsPerOperation() throws {
    try expectErrors(
      .noUndefinedVariables,
      #"""
      query A { dog { ...F } }
      query B($t: TrickLevel) { dog { ...F } }
      fragment F on Dog { knowsTrick(trick: $t, times: $n) }
      """#,
      [
        (
          "Variable \"$t\" is not defined by operation \"A\".",
          ["3:39", "1:1"]
        ),
        (
          "Variable \"$n\" is not defined by operation \"A\".",
          ["3:50", "1:1"]
        ),
        (
          "Variable \"$n\" is not defined by operation \"B\".",
          ["3:50", "2:1"]
        ),
      ])
  }

  @Test func reportsUndefinedInDirectivesAndObjects() throws {
    try expectErrors(
      .noUndefinedVariables,
      #"""
      query Q @onQuery { pets(filter: {species: $s, nested: {species: "cat", colors: [$c]}}) @include(if: $show) { name } }
      """#,
      [
        (
          "Variable \"$s\" is not defined by operation \"Q\".",
          ["1:43", "1:1"]
        ),
        (
          "Variable \"$c\" is not defined by operation \"Q\".",
          ["1:81", "1:1"]
        ),
        (
          "Variable \"$show\" is not defined by operation \"Q\".",
          ["1:101", "1:1"]
        ),
      ])
  }
}
