import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct KnownDirectivesRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .knownDirectives,
      #"""
      query Q($v: Int @onVariable) @onQuery { dog @tag(name: "a") @include(if: true) { ...F @skip(if: false) ... @tag(name: "b") { name } } }
      fragment F on Dog @onFragment { name }
      mutation M @onMutation { adopt(petId: 1) { name } }
      """#)
  }

  @Test func reportsUnknownDirectives() throws {
    try expectErrors(
      .knownDirectives,
      #"""
      { dog @unknown { name @nope } }
      """#,
      [
        (
          "Unknown directive \"@unknown\".",
          ["1:7"]
        ),
        (
          "Unknown directive \"@nope\".",
          ["1:23"]
        ),
      ])
  }

  @Test func reportsMisplacedDirectives() throws {
    try expectErrors(
      .knownDirectives,
      #"""
      query Q($v: Int @onQuery) @onMutation { dog @onQuery { ...F @onVariable } }
      fragment F on Dog @tag(name: "x") { name }
      subscription S @skip(if: true) { petAdded { name } }
      """#,
      [
        (
          "Directive \"@onQuery\" may not be used on VARIABLE_DEFINITION.",
          ["1:17"]
        ),
        (
          "Directive \"@onMutation\" may not be used on QUERY.",
          ["1:27"]
        ),
        (
          "Directive \"@onQuery\" may not be used on FIELD.",
          ["1:45"]
        ),
        (
          "Directive \"@onVariable\" may not be used on FRAGMENT_SPREAD.",
          ["1:61"]
        ),
        (
          "Directive \"@tag\" may not be used on FRAGMENT_DEFINITION.",
          ["2:19"]
        ),
        (
          "Directive \"@skip\" may not be used on SUBSCRIPTION.",
          ["3:16"]
        ),
      ])
  }

  @Test func reportsDirectivesInTypeSystemDefinitions() throws {
    try expectErrors(
      .knownDirectives,
      #"""
      type Bird @unknown { wings: Int @deprecated @onQuery }
      """#,
      [
        (
          "Unknown directive \"@unknown\".",
          ["1:11"]
        ),
        (
          "Directive \"@onQuery\" may not be used on FIELD_DEFINITION.",
          ["1:45"]
        ),
      ])
  }
}
