import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct ExecutableDefinitionsRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .executableDefinitions,
      #"""
      query A { dog { name } }
      fragment F on Dog { age }
      """#)
  }

  @Test func reportsTypeSystemDefinitions() throws {
    try expectErrors(
      .executableDefinitions,
      #"""
      { dog { name } }
      type Bird { wings: Int }
      extend type Dog { tail: Int }
      """#,
      [
        (
          "The \"Bird\" definition is not executable.",
          ["2:1"]
        ),
        (
          "The \"Dog\" definition is not executable.",
          ["3:1"]
        ),
      ])
  }

  @Test func reportsSchemaAndDirectiveDefinitions() throws {
    try expectErrors(
      .executableDefinitions,
      #"""
      schema { query: Query }
      query Q { cat { lives } }
      extend schema @onQuery
      directive @later on FIELD
      """#,
      [
        (
          "The schema definition is not executable.",
          ["1:1"]
        ),
        (
          "The schema definition is not executable.",
          ["3:1"]
        ),
        (
          "The \"later\" definition is not executable.",
          ["4:1"]
        ),
      ])
  }
}
