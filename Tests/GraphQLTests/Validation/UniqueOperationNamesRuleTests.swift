import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct UniqueOperationNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .uniqueOperationNames,
      #"""
      query A { dog { name } }
      query B { cat { name } }
      { human { iq } }
      """#)
    try expectValid(
      .uniqueOperationNames,
      #"""
      query A { dog { name } }
      fragment A on Dog { age }
      """#)
  }

  @Test func reportsDuplicateNames() throws {
    try expectErrors(
      .uniqueOperationNames,
      #"""
      query Pets { dog { name } }
      mutation Pets { adopt(petId: 1) { age } }
      subscription Pets { petAdded { age } }
      """#,
      [
        (
          "There can be only one operation named \"Pets\".",
          ["1:7", "2:10"]
        ),
        (
          "There can be only one operation named \"Pets\".",
          ["1:7", "3:14"]
        ),
      ])
  }
}
