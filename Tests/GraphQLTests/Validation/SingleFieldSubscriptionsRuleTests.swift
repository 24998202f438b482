import GraphQL
import GraphQLWire
import Testing

// Expected messages and locations are what graphql-js reports for these documents (17 for @skip).
@Suite struct SingleFieldSubscriptionsRuleTests {
  @Test func acceptsValidDocuments() throws {
    try expectValid(
      .singleFieldSubscriptions,
      #"""
      subscription S { petAdded { name } }
      """#)
    try expectValid(
      .singleFieldSubscriptions,
      #"""
      subscription { ... on Subscription { petAdded { age } } ...Again }
      fragment Again on Subscription { petAdded { name } }
      """#)
  }

  /// graphql-js 17: a root selection may not be conditional, even on a literal.
  @Test func refusesSkipOnARootField() throws {
    try expectErrors(
      .singleFieldSubscriptions,
      #"""
      subscription { petAdded { age } petRemoved @skip(if: true) }
      """#,
      [
        (
          "Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.",
          ["1:44"]
        )
      ])
  }

  @Test func reportsExtraRootFields() throws {
    try expectErrors(
      .singleFieldSubscriptions,
      #"""
      subscription Watch { petAdded { name } petRemoved ... on Subscription { other: petAdded { age } } }
      """#,
      [
        (
          "Subscription \"Watch\" must select only one top level field.",
          ["1:40", "1:73"]
        )
      ])
  }

  @Test func reportsIntrospectionRootFields() throws {
    try expectErrors(
      .singleFieldSubscriptions,
      #"""
      subscription { __typename }
      """#,
      [
        (
          "Anonymous Subscription must not select an introspection top level field.",
          ["1:16"]
        )
      ])
  }

  @Test func reportsFieldsFromFragments() throws {
    try expectErrors(
      .singleFieldSubscriptions,
      #"""
      subscription { ...Both }
      fragment Both on Subscription { petAdded { age } petRemoved(id: 1) __typename }
      """#,
      [
        (
          "Anonymous Subscription must select only one top level field.",
          ["2:50", "2:68"]
        ),
        (
          "Anonymous Subscription must not select an introspection top level field.",
          ["2:68"]
        ),
      ])
  }
}
