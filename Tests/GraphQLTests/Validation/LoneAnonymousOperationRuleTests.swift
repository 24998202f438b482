import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct LoneAnonymousOperationRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .loneAnonymousOperation,
      #"""
      { dog { name } }
      fragment F on Dog { age }
      """#)
    try expectValid(
      .loneAnonymousOperation,
      #"""
      query A { dog { name } }
      query B { dog { age } }
      """#)
  }

  @Test func reportsAnonymousAmongOthers() throws {
    try expectErrors(
      .loneAnonymousOperation,
      #"""
      { dog { name } }
      query Named { cat { name } }
      { human { iq } }
      """#,
      [
        (
          "This anonymous operation must be the only defined operation.",
          ["1:1"]
        ),
        (
          "This anonymous operation must be the only defined operation.",
          ["3:1"]
        ),
      ])
  }
}
