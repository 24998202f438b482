import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct UniqueInputFieldNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .uniqueInputFieldNames,
      #"""
      { pets(filter: {species: "a", nested: {species: "b", nested: {species: "c"}}}) { name } }
      """#)
  }

  @Test func reportsDuplicateInputFields() throws {
    try expectErrors(
      .uniqueInputFieldNames,
      #"""
      { pets(filter: {species: "a", minAge: 1, species: "b", nested: {minAge: 2, minAge: 3}, species: "c"}) { name } }
      """#,
      [
        (
          "There can be only one input field named \"species\".",
          ["1:17", "1:42"]
        ),
        (
          "There can be only one input field named \"minAge\".",
          ["1:65", "1:76"]
        ),
        (
          "There can be only one input field named \"species\".",
          ["1:17", "1:88"]
        ),
      ])
  }
}
