import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct KnownTypeNamesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .knownTypeNames,
      #"""
      query ($filter: PetFilter, $ids: [ID!]!) { pets(filter: $filter) { ... on Dog { name } } }
      fragment F on Named { name }
      """#)
  }

  @Test func reportsUnknownTypesWithSuggestions() throws {
    try expectErrors(
      .knownTypeNames,
      #"""
      query ($f: PetFiltre, $c: [Colour!]) { pets { ... on Doggo { name } ...F } }
      fragment F on Humam { iq }
      """#,
      [
        (
          "Unknown type \"PetFiltre\". Did you mean \"PetFilter\"?",
          ["1:12"]
        ),
        (
          "Unknown type \"Colour\".",
          ["1:28"]
        ),
        (
          "Unknown type \"Doggo\". Did you mean \"Dog\"?",
          ["1:54"]
        ),
        (
          "Unknown type \"Humam\". Did you mean \"Human\"?",
          ["2:15"]
        ),
      ])
  }

  @Test func suggestsNothingForFarNames() throws {
    try expectErrors(
      .knownTypeNames,
      #"""
      query ($x: Xylophone) { dog { name } }
      """#,
      [
        (
          "Unknown type \"Xylophone\".",
          ["1:12"]
        )
      ])
  }
}
