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

  /// `@deprecated(reason:)`: marks a field, argument, input field or enum value as deprecated.
  public static let deprecated = GraphQLDirective(
    name: "deprecated",
    description: "Marks an element of a GraphQL schema as no longer supported.",
    locations: [.fieldDefinition, .argumentDefinition, .inputFieldDefinition, .enumValue],
    arguments: [
      GraphQLInputValue(
        name: "reason",
        description:
          "Explains why this element was deprecated, usually also including a suggestion for how to access supported similar data. Formatted using the Markdown syntax, as specified by [CommonMark](https://commonmark.org/).",
        type: .named("String"), defaultValue: .string("No longer supported", block: false, range: nil))
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

  /// The reason `@deprecated` gives when none is written.
  public static let defaultDeprecationReason = "No longer supported"

  /// The built-in directives, in graphql-js's order.
  public static let specified: [GraphQLDirective] = [.include, .skip, .deprecated, .specifiedBy, .oneOf]

  /// Whether `name` is one of the built-in directive names.
  public static func isSpecified(_ name: String) -> Bool {
    specified.contains { $0.name == name }
  }
}
