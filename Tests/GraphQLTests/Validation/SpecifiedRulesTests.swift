import GraphQL
import GraphQLWire
import Testing

@Suite struct SpecifiedRulesTests {
  @Test func matchesGraphQLJSOnEveryFixtureWithAllRules() throws {
    for (index, fixture) in SpecifiedRulesFixtures.cases.enumerated() {
      let errors = try ValidationHarness.errors(specifiedRules, fixture.query)
      let actual = errors.map {
        ErrorSummary(message: $0.message, locations: $0.locations.map(\.description))
      }
      let wanted = fixture.errors.map { ErrorSummary(message: $0.0, locations: $0.1) }
      #expect(actual == wanted, "fixture \(index): \(fixture.query)")
    }
  }

  @Test func listsTheRulesInGraphQLJSOrder() {
    #expect(
      specifiedRules.map(\.name) == [
        "ExecutableDefinitionsRule", "KnownOperationTypesRule", "UniqueOperationNamesRule",
        "LoneAnonymousOperationRule",
        "SingleFieldSubscriptionsRule", "KnownTypeNamesRule", "FragmentsOnCompositeTypesRule",
        "VariablesAreInputTypesRule", "ScalarLeafsRule", "FieldsOnCorrectTypeRule", "UniqueFragmentNamesRule",
        "KnownFragmentNamesRule", "NoUnusedFragmentsRule", "PossibleFragmentSpreadsRule",
        "NoFragmentCyclesRule", "UniqueVariableNamesRule", "NoUndefinedVariablesRule",
        "NoUnusedVariablesRule", "KnownDirectivesRule", "UniqueDirectivesPerLocationRule",
        "DeferStreamDirectiveOnRootFieldRule", "DeferStreamDirectiveOnValidOperationsRule",
        "DeferStreamDirectiveLabelRule", "StreamDirectiveOnListFieldRule", "KnownArgumentNamesRule",
        "UniqueArgumentNamesRule", "ValuesOfCorrectTypeRule",
        "ProvidedRequiredArgumentsRule", "VariablesInAllowedPositionRule",
        "OverlappingFieldsCanBeMergedRule", "UniqueInputFieldNamesRule", "MaxIntrospectionDepthRule",
      ])
  }

  @Test func acceptsTheLaunchListQueryAgainstTheAPISchema() throws {
    let errors = try ValidationHarness.errors(
      specifiedRules, ValidationTestSchema.launchList, schema: ValidationTestSchema.launches)
    #expect(errors.isEmpty)
  }

  @Test func stopsAfterMaxErrorsWithGraphQLJSMessage() throws {
    let query = "{ " + (1...120).map { "f\($0)" }.joined(separator: " ") + " }"
    let errors = try ValidationHarness.errors([.fieldsOnCorrectType], query)
    #expect(errors.count == 101)
    #expect(errors[99].message == #"Cannot query field "f100" on type "Query"."#)
    #expect(errors[100].message == "Too many validation errors, error limit reached. Validation aborted.")
    #expect(errors[100].locations.isEmpty)
  }

  @Test func honoursACustomErrorLimit() throws {
    let schema = try #require(ValidationTestSchema.schema)
    let errors = validate(schema: schema, document: try parse("{ a b c d }"), maxErrors: 2)
    #expect(
      errors.map(\.message).suffix(1) == [
        "Too many validation errors, error limit reached. Validation aborted."
      ])
    #expect(errors.count == 3)
  }

  @Test func reportsMissingRootTypesOnlyWithTheOperationTypeRule() throws {
    let query = "mutation { a } subscription S { b }"
    let schema = ValidationTestSchema.queryOnly
    try expectValid(.fieldsOnCorrectType, query, schema: schema)
    try expectErrors(
      .knownOperationTypes, query,
      [
        ("The mutation operation is not supported by the schema.", ["1:1"]),
        ("The subscription operation is not supported by the schema.", ["1:16"]),
      ], schema: schema)
    try expectValid(.knownOperationTypes, "{ a } query Q { b }", schema: schema)
  }

  /// graphql-js 17 refuses `@skip`/`@include` on a subscription's root selections, conditions
  /// written or variable (16 threw from `validate` on a variable one), and says nothing else then.
  @Test func refusesSkipAndIncludeOnSubscriptionRootFields() throws {
    try expectErrors(
      .singleFieldSubscriptions, "subscription ($x: Boolean!) { petAdded { name } petRemoved @skip(if: $x) }",
      [
        (
          "Anonymous Subscription must not use `@skip` or `@include` directives in the top level selection.",
          ["1:60"]
        )
      ])
    try expectErrors(
      .singleFieldSubscriptions,
      "subscription S { ... @include(if: true) { petAdded { name } } ...F }\nfragment F on Subscription { petRemoved @skip(if: false) { name } }",
      [
        (
          "Subscription \"S\" must not use `@skip` or `@include` directives in the top level selection.",
          ["1:22", "2:41"]
        )
      ])
    try expectValid(.singleFieldSubscriptions, "subscription { petAdded { name @include(if: true) } }")
  }
}
