import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js 16 reports for these documents.
@Suite struct UniqueDirectivesPerLocationRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .uniqueDirectivesPerLocation,
      #"""
      { dog @tag(name: "a") @tag(name: "b") { name @include(if: true) @skip(if: false) } cat @skip(if: true) { name } }
      """#)
  }

  @Test func reportsRepeatedDirectives() throws {
    try expectErrors(
      .uniqueDirectivesPerLocation,
      #"""
      query Q @onQuery @onQuery { dog @skip(if: true) @include(if: true) @skip(if: false) { name @include(if: true) @include(if: true) @include(if: false) } }
      """#,
      [
        (
          "The directive \"@onQuery\" can only be used once at this location.",
          ["1:9", "1:18"]
        ),
        (
          "The directive \"@skip\" can only be used once at this location.",
          ["1:33", "1:68"]
        ),
        (
          "The directive \"@include\" can only be used once at this location.",
          ["1:92", "1:111"]
        ),
        (
          "The directive \"@include\" can only be used once at this location.",
          ["1:92", "1:130"]
        ),
      ])
  }

  @Test func reportsOnFragmentsAndVariables() throws {
    try expectErrors(
      .uniqueDirectivesPerLocation,
      #"""
      query ($v: Int @onVariable @onVariable) { dog { ...F } }
      fragment F on Dog @onFragment @onFragment { ... @skip(if: true) @skip(if: true) { name } }
      """#,
      [
        (
          "The directive \"@onVariable\" can only be used once at this location.",
          ["1:16", "1:28"]
        ),
        (
          "The directive \"@onFragment\" can only be used once at this location.",
          ["2:19", "2:31"]
        ),
        (
          "The directive \"@skip\" can only be used once at this location.",
          ["2:49", "2:65"]
        ),
      ])
  }
}
