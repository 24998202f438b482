import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct FieldsOnCorrectTypeRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .fieldsOnCorrectType,
      #"""
      { dog { __typename name ... on Pet { age } } named { name ... on Human { iq } } catOrDog { __typename ... on Cat { lives } } }
      """#)
  }

  @Test func suggestsSimilarFields() throws {
    try expectErrors(
      .fieldsOnCorrectType,
      #"""
      { dog { nam barkvolume knowTrick } }
      """#,
      [
        (
          "Cannot query field \"nam\" on type \"Dog\". Did you mean \"name\"?",
          ["1:9"]
        ),
        (
          "Cannot query field \"barkvolume\" on type \"Dog\". Did you mean \"barkVolume\"?",
          ["1:13"]
        ),
        (
          "Cannot query field \"knowTrick\" on type \"Dog\". Did you mean \"knowsTrick\"?",
          ["1:24"]
        ),
      ])
  }

  @Test func suggestsInlineFragmentsOnAbstractTypes() throws {
    try expectErrors(
      .fieldsOnCorrectType,
      #"""
      { named { nickname age words meowVolume } }
      """#,
      [
        (
          "Cannot query field \"nickname\" on type \"Named\". Did you mean to use an inline fragment on \"Pet\", \"Cat\", or \"Dog\"?",
          ["1:11"]
        ),
        (
          "Cannot query field \"age\" on type \"Named\". Did you mean to use an inline fragment on \"Pet\", \"Cat\", or \"Dog\"?",
          ["1:20"]
        ),
        (
          "Cannot query field \"words\" on type \"Named\". Did you mean to use an inline fragment on \"Parrot\"?",
          ["1:24"]
        ),
        (
          "Cannot query field \"meowVolume\" on type \"Named\". Did you mean to use an inline fragment on \"Cat\"?",
          ["1:30"]
        ),
      ])
  }

  @Test func suggestsNothingOnUnions() throws {
    try expectErrors(
      .fieldsOnCorrectType,
      #"""
      { catOrDog { name } catOrParrot { words } }
      """#,
      [
        (
          "Cannot query field \"name\" on type \"DogOrCat\". Did you mean to use an inline fragment on \"Named\", \"Pet\", \"Cat\", or \"Dog\"?",
          ["1:14"]
        ),
        (
          "Cannot query field \"words\" on type \"CatOrParrot\". Did you mean to use an inline fragment on \"Parrot\"?",
          ["1:35"]
        ),
      ])
  }

  @Test func reportsUnknownRootFields() throws {
    try expectErrors(
      .fieldsOnCorrectType,
      #"""
      { doggo { name } } mutation { adopted { name } }
      """#,
      [
        (
          "Cannot query field \"doggo\" on type \"Query\". Did you mean \"dog\"?",
          ["1:3"]
        ),
        (
          "Cannot query field \"adopted\" on type \"Mutation\". Did you mean \"adopt\"?",
          ["1:31"]
        ),
      ])
  }
}
