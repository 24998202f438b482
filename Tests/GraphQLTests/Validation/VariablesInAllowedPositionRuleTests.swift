import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct VariablesInAllowedPositionRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .variablesInAllowedPosition,
      #"""
      query ($id: ID!, $t: TrickLevel!, $b: Boolean, $ints: [Int!]!, $m: [[Int!]!], $n: Int) { pet(id: $id) { name } dog { knowsTrick(trick: $t, times: $n) isHousetrained(atOtherHomes: $b) } score(ints: $ints, matrix: $m, value: 1) search(text: "x", exact: $b) { __typename } }
      """#)
    try expectValid(
      .variablesInAllowedPosition,
      #"""
      query ($id: ID = 1, $show: Boolean = true) { pet(id: $id) { name @include(if: $show) } }
      """#)
  }

  @Test func reportsNullableInNonNull() throws {
    try expectErrors(
      .variablesInAllowedPosition,
      #"""
      query Q($id: ID, $t: TrickLevel, $show: Boolean) { pet(id: $id) { name @skip(if: $show) } dog { knowsTrick(trick: $t) } }
      """#,
      [
        (
          "Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".",
          ["1:9", "1:60"]
        ),
        (
          "Variable \"$show\" of type \"Boolean\" used in position expecting type \"Boolean!\".",
          ["1:34", "1:82"]
        ),
        (
          "Variable \"$t\" of type \"TrickLevel\" used in position expecting type \"TrickLevel!\".",
          ["1:18", "1:115"]
        ),
      ])
  }

  @Test func reportsMismatchedTypes() throws {
    try expectErrors(
      .variablesInAllowedPosition,
      #"""
      query ($s: String, $f: Float, $list: [Int], $nested: [Int]) { human(id: $s) { iq } score(value: 1, id: $f, ints: [$list], matrix: $nested) }
      """#,
      [
        (
          "Variable \"$s\" of type \"String\" used in position expecting type \"ID\".",
          ["1:8", "1:73"]
        ),
        (
          "Variable \"$f\" of type \"Float\" used in position expecting type \"ID\".",
          ["1:20", "1:104"]
        ),
        (
          "Variable \"$list\" of type \"[Int]\" used in position expecting type \"Int\".",
          ["1:31", "1:115"]
        ),
        (
          "Variable \"$nested\" of type \"[Int]\" used in position expecting type \"[[Int!]]\".",
          ["1:45", "1:131"]
        ),
      ])
  }

  @Test func reportsUsesInFragments() throws {
    try expectErrors(
      .variablesInAllowedPosition,
      #"""
      query A($t: String!, $n: Float) { dog { ...F } }
      fragment F on Dog { knowsTrick(trick: $t, times: $n) }
      """#,
      [
        (
          "Variable \"$t\" of type \"String!\" used in position expecting type \"TrickLevel!\".",
          ["1:9", "2:39"]
        ),
        (
          "Variable \"$n\" of type \"Float\" used in position expecting type \"Int\".",
          ["1:22", "2:50"]
        ),
      ])
  }

  @Test func reportsNullDefaultsInNonNullPositions() throws {
    try expectErrors(
      .variablesInAllowedPosition,
      #"""
      query ($id: ID = null) { pet(id: $id) { name } }
      """#,
      [
        (
          "Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\".",
          ["1:8", "1:34"]
        )
      ])
  }
}
