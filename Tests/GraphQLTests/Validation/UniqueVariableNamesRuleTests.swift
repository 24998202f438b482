import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct UniqueVariableNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .uniqueVariableNames,
      #"""
      query A($x: Int, $y: Int) { dog { name } }
      query B($x: Int) { dog { name } }
      """#)
  }

  @Test func reportsDuplicates() throws {
    try expectErrors(
      .uniqueVariableNames,
      #"""
      query ($x: Int, $y: String, $x: Boolean, $y: ID, $x: Int) { dog { name } }
      """#,
      [
        (
          "There can be only one variable named \"$x\".",
          ["1:9", "1:30", "1:51"]
        ),
        (
          "There can be only one variable named \"$y\".",
          ["1:18", "1:43"]
        ),
      ])
  }
}
