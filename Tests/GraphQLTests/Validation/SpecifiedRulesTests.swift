import GraphQL
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
        "ExecutableDefinitionsRule", "UniqueOperationNamesRule", "LoneAnonymousOperationRule",
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
        ("Schema is not configured to execute mutation operation.", ["1:1"]),
        ("Schema is not configured to execute subscription operation.", ["1:16"]),
      ], schema: schema)
    try expectValid(.knownOperationTypes, "{ a } query Q { b }", schema: schema)
  }

  /// graphql-js throws from `validate` here (it evaluates `@skip(if: $x)` without variable
  /// values); we count the conditional field as selected and report it instead.
  @Test func countsVariableConditionedSubscriptionFieldsAsSelected() throws {
    try expectErrors(
      .singleFieldSubscriptions, "subscription ($x: Boolean!) { petAdded { name } petRemoved @skip(if: $x) }",
      [("Anonymous Subscription must select only one top level field.", ["1:49"])])
  }
}
