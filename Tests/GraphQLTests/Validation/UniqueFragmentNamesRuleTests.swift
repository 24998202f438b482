import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct UniqueFragmentNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .uniqueFragmentNames,
      #"""
      { dog { ...A ...B } }
      fragment A on Dog { name }
      fragment B on Dog { age }
      """#)
  }

  @Test func reportsDuplicates() throws {
    try expectErrors(
      .uniqueFragmentNames,
      #"""
      { dog { ...A } }
      fragment A on Dog { name }
      fragment A on Dog { age }
      fragment A on Pet { age }
      """#,
      [
        (
          "There can be only one fragment named \"A\".",
          ["2:10", "3:10"]
        ),
        (
          "There can be only one fragment named \"A\".",
          ["2:10", "4:10"]
        ),
      ])
  }
}
