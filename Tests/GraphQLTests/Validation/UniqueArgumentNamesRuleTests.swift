import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct UniqueArgumentNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .uniqueArgumentNames,
      #"""
      { dog @tag(name: "a") { knowsTrick(trick: EASY, times: 1) } search(text: "a", exact: true) { __typename } }
      """#)
  }

  @Test func reportsDuplicateFieldArguments() throws {
    try expectErrors(
      .uniqueArgumentNames,
      #"""
      { dog { knowsTrick(trick: EASY, times: 1, trick: HARD, times: 2, trick: EASY) } }
      """#,
      [
        (
          "There can be only one argument named \"trick\".",
          ["1:20", "1:43", "1:66"]
        ),
        (
          "There can be only one argument named \"times\".",
          ["1:33", "1:56"]
        ),
      ])
  }

  @Test func reportsDuplicateDirectiveArguments() throws {
    try expectErrors(
      .uniqueArgumentNames,
      #"""
      { dog @skip(if: true, if: false) { name } }
      """#,
      [
        (
          "There can be only one argument named \"if\".",
          ["1:13", "1:23"]
        )
      ])
  }
}
