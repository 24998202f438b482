import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct KnownFragmentNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .knownFragmentNames,
      #"""
      { dog { ...Known ... on Dog { ...Known } } }
      fragment Known on Dog { name }
      """#)
  }

  @Test func reportsUnknownSpreads() throws {
    try expectErrors(
      .knownFragmentNames,
      #"""
      { dog { ...Unknown ... on Dog { ...AlsoUnknown } owner { ...Missing } } }
      """#,
      [
        (
          "Unknown fragment \"Unknown\".",
          ["1:12"]
        ),
        (
          "Unknown fragment \"AlsoUnknown\".",
          ["1:36"]
        ),
        (
          "Unknown fragment \"Missing\".",
          ["1:61"]
        ),
      ])
  }
}
