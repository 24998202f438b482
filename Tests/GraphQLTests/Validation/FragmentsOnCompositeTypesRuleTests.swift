import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct FragmentsOnCompositeTypesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .fragmentsOnCompositeTypes,
      #"""
      { named { ... on Pet { age } ... on Dog { barkVolume } ... { name } } catOrDog { ... on DogOrCat { __typename } } }
      """#)
  }

  @Test func reportsScalarAndEnumConditions() throws {
    try expectErrors(
      .fragmentsOnCompositeTypes,
      #"""
      { dog { ... on Boolean { x } } }
      fragment Fur on FurColor { x }
      """#,
      [
        (
          "Fragment cannot condition on non composite type \"Boolean\".",
          ["1:16"]
        ),
        (
          "Fragment \"Fur\" cannot condition on non composite type \"FurColor\".",
          ["2:17"]
        ),
      ])
  }

  @Test func reportsInputObjectConditions() throws {
    try expectErrors(
      .fragmentsOnCompositeTypes,
      #"""
      fragment Filter on PetFilter { species }
      """#,
      [
        (
          "Fragment \"Filter\" cannot condition on non composite type \"PetFilter\".",
          ["1:20"]
        )
      ])
  }
}
