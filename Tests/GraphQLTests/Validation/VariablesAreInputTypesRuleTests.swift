import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct VariablesAreInputTypesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .variablesAreInputTypes,
      #"""
      query ($a: String, $b: [FurColor!]!, $c: PetFilter, $d: Unknown) { dog { name } }
      """#)
  }

  @Test func reportsOutputTypes() throws {
    try expectErrors(
      .variablesAreInputTypes,
      #"""
      query ($dog: Dog, $pets: [Pet!]!, $u: DogOrCat) { dog { name } }
      """#,
      [
        (
          "Variable \"$dog\" cannot be non-input type \"Dog\".",
          ["1:14"]
        ),
        (
          "Variable \"$pets\" cannot be non-input type \"[Pet!]!\".",
          ["1:26"]
        ),
        (
          "Variable \"$u\" cannot be non-input type \"DogOrCat\".",
          ["1:39"]
        ),
      ])
  }
}
