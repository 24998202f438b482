import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct PossibleFragmentSpreadsRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .possibleFragmentSpreads,
      #"""
      { dog { ... on Pet { age } ...DogFields ...NamedFields } named { ... on DogOrCat { __typename } ... on Parrot { words } } catOrParrot { ... on Named { name } ... on Pet { age } } }
      fragment DogFields on Dog { name }
      fragment NamedFields on Named { name }
      """#)
  }

  @Test func reportsImpossibleInlineFragments() throws {
    try expectErrors(
      .possibleFragmentSpreads,
      #"""
      { dog { ... on Cat { lives } } catOrDog { ... on Parrot { words } ... on Human { iq } } }
      """#,
      [
        (
          "Fragment cannot be spread here as objects of type \"Dog\" can never be of type \"Cat\".",
          ["1:9"]
        ),
        (
          "Fragment cannot be spread here as objects of type \"DogOrCat\" can never be of type \"Parrot\".",
          ["1:43"]
        ),
        (
          "Fragment cannot be spread here as objects of type \"DogOrCat\" can never be of type \"Human\".",
          ["1:67"]
        ),
      ])
  }

  @Test func reportsImpossibleNamedSpreads() throws {
    try expectErrors(
      .possibleFragmentSpreads,
      #"""
      { cat { ...DogFields } human { ...PetFields } parrot { ...DogOrCatFields } }
      fragment DogFields on Dog { name }
      fragment PetFields on Pet { age }
      fragment DogOrCatFields on DogOrCat { __typename }
      """#,
      [
        (
          "Fragment \"DogFields\" cannot be spread here as objects of type \"Cat\" can never be of type \"Dog\".",
          ["1:9"]
        ),
        (
          "Fragment \"PetFields\" cannot be spread here as objects of type \"Human\" can never be of type \"Pet\".",
          ["1:32"]
        ),
        (
          "Fragment \"DogOrCatFields\" cannot be spread here as objects of type \"Parrot\" can never be of type \"DogOrCat\".",
          ["1:56"]
        ),
      ])
  }
}
