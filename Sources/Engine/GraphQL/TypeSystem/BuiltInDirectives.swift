import GraphQLWire

/// The directives every schema has (spec 3.13): `@include`, `@skip`, `@deprecated`,
/// `@specifiedBy` and `@oneOf`, with graphql-js 16's descriptions.
extension GraphQLDirective {
  /// `@include(if:)`: the executor includes the field or fragment only when `if` is true.
  public static let include = GraphQLDirective(
    name: "include",
    description:
      "Directs the executor to include this field or fragment only when the `if` argument is true.",
    locations: [.field, .fragmentSpread, .inlineFragment],
    arguments: [
      GraphQLInputValue(name: "if", description: "Included when true.", type: .nonNull(.named("Boolean")))
    ], isRepeatable: false)

  /// `@skip(if:)`: the executor skips the field or fragment when `if` is true.
  public static let skip = GraphQLDirective(
    name: "skip",
    description: "Directs the executor to skip this field or fragment when the `if` argument is true.",
    locations: [.field, .fragmentSpread, .inlineFragment],
    arguments: [
      GraphQLInputValue(name: "if", description: "Skipped when true.", type: .nonNull(.named("Boolean")))
    ], isRepeatable: false)

  /// `@deprecated(reason: String! = "No longer supported")`: marks a field, argument, input field,
  /// enum value or directive as deprecated (graphql-js 17.1: non-null `reason`, and directives).
  public static let deprecated = GraphQLDirective(
    name: "deprecated",
    description: "Marks an element of a GraphQL schema as no longer supported.",
    locations: [
      .fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue, .directiveDefinition,
    ],
    arguments: [
      GraphQLInputValue(
        name: "reason",
        description:
          "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).",
        type: .nonNull(.named("String")),
        defaultValue: .string("No longer supported", block: false, range: nil)
      )
    ], isRepeatable: false)

  /// `@specifiedBy(url:)`: links a custom scalar to its specification.
  public static let specifiedBy = GraphQLDirective(
    name: "specifiedBy",
    description: "Exposes a URL that specifies the behavior of this scalar.",
    locations: [.scalar],
    arguments: [
      GraphQLInputValue(
        name: "url", description: "The URL that specifies the behavior of this scalar.",
        type: .nonNull(.named("String")))
    ], isRepeatable: false)

  /// `@oneOf`: marks an input object as a OneOf Input Object (graphql-js 16.9, spec September 2025).
  public static let oneOf = GraphQLDirective(
    name: "oneOf",
    description: "Indicates exactly one field must be supplied and this field must not be `null`.",
    locations: [.inputObject], arguments: [], isRepeatable: false)

  /// `@defer(if:, label:)`: graphql-js 17's experimental directive for incremental delivery. Not
  /// among `specified`: a schema opts in by declaring it (as graphql-js 17 requires).
  public static let `defer` = GraphQLDirective(
    name: "defer",
    description: "Directs the executor to defer this fragment when the `if` argument is true or undefined.",
    locations: [.fragmentSpread, .inlineFragment],
    arguments: [
      GraphQLInputValue(
        name: "if", description: "Deferred when true or undefined.", type: .nonNull(.named("Boolean")),
        defaultValue: .boolean(true, range: nil)),
      GraphQLInputValue(name: "label", description: "Unique name", type: .named("String")),
    ], isRepeatable: false)

  /// `@stream(if:, label:, initialCount:)`: graphql-js 17's experimental directive for streaming
  /// the items of a list field. Not among `specified`, as `defer`.
  public static let stream = GraphQLDirective(
    name: "stream",
    description: "Directs the executor to stream plural fields when the `if` argument is true or undefined.",
    locations: [.field],
    arguments: [
      GraphQLInputValue(
        name: "if", description: "Stream when true or undefined.", type: .nonNull(.named("Boolean")),
        defaultValue: .boolean(true, range: nil)),
      GraphQLInputValue(name: "label", description: "Unique name", type: .named("String")),
      GraphQLInputValue(
        name: "initialCount", description: "Number of items to return immediately", type: .named("Int"),
        defaultValue: .int("0", range: nil)),
    ], isRepeatable: false)

  /// The reason `@deprecated` gives when none is written.
  public static let defaultDeprecationReason = "No longer supported"

  /// The built-in directives, in graphql-js's order.
  public static let specified: [GraphQLDirective] = [.include, .skip, .deprecated, .specifiedBy, .oneOf]

  /// Whether `name` is one of the built-in directive names.
  public static func isSpecified(_ name: String) -> Bool {
    specified.contains { $0.name == name }
  }
}
