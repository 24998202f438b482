import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct ProvidedRequiredArgumentsRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .providedRequiredArguments,
      #"""
      { pet(id: 1) { name } dog { knowsTrick(trick: HARD) isHousetrained @include(if: true) } search(text: "a") { __typename } }
      """#)
    try expectValid(
      .providedRequiredArguments,
      #"""
      { dog { knowsTrick(unknown: 1, trick: EASY) } }
      """#)
  }

  @Test func reportsMissingFieldArguments() throws {
    try expectErrors(
      .providedRequiredArguments,
      #"""
      { pet { name } dog { knowsTrick(times: 2) } search { __typename } }
      """#,
      [
        (
          "Argument \"Query.pet(id:)\" of type \"ID!\" is required, but it was not provided.",
          ["1:3"]
        ),
        (
          "Argument \"Dog.knowsTrick(trick:)\" of type \"TrickLevel!\" is required, but it was not provided.",
          ["1:22"]
        ),
        (
          "Argument \"Query.search(text:)\" of type \"String!\" is required, but it was not provided.",
          ["1:45"]
        ),
      ])
  }

  @Test func reportsMissingDirectiveArguments() throws {
    try expectErrors(
      .providedRequiredArguments,
      #"""
      { dog @include @tag { name @skip(unless: true) } }
      """#,
      [
        (
          "Argument \"@include(if:)\" of type \"Boolean!\" is required, but it was not provided.",
          ["1:7"]
        ),
        (
          "Argument \"@tag(name:)\" of type \"String!\" is required, but it was not provided.",
          ["1:16"]
        ),
        (
          "Argument \"@skip(if:)\" of type \"Boolean!\" is required, but it was not provided.",
          ["1:28"]
        ),
      ])
  }
}
