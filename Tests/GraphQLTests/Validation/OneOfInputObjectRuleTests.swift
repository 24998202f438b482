import GraphQL
import GraphQLWire
import Testing

/// OneOf Input Objects in documents: ValuesOfCorrectType's literal checks and
/// VariablesInAllowedPosition's nullable-variable check, with graphql-js 17's messages. The
/// documents are graphql-js's own tests, indentation included, so the `line:column`s are theirs.
@Suite struct OneOfInputObjectRuleTests {
  /// The part of graphql-js's validation harness schema these tests use.
  static let schema = try? buildSchema(
    """
    input OneOfInput @oneOf {
      stringField: String
      intField: Int
    }

    type ComplicatedArgs {
      oneOfArgField(oneOfArg: OneOfInput): String
      nonNullOneOfArgField(oneOfArg: OneOfInput!): String
    }

    type Query {
      complicatedArgs: ComplicatedArgs
    }
    """)

  /// A graphql-js test document: its lines, after the empty first line the template starts with.
  static func document(_ lines: String...) -> String { "\n" + lines.joined(separator: "\n") + "\n" }

  @Test func acceptsExactlyOneField() throws {
    try expectValid(
      .valuesOfCorrectType,
      Self.document(
        "        {",
        "          complicatedArgs {",
        "            oneOfArgField(oneOfArg: { stringField: \"abc\" })",
        "          }",
        "        }"), schema: Self.schema)
  }

  @Test func acceptsExactlyOneNonNullableVariable() throws {
    let query = Self.document(
      "        query ($string: String!) {",
      "          complicatedArgs {",
      "            oneOfArgField(oneOfArg: { stringField: $string })",
      "          }",
      "        }")
    try expectValid(.valuesOfCorrectType, query, schema: Self.schema)
    try expectValid(.variablesInAllowedPosition, query, schema: Self.schema)
  }

  @Test func reportsAnInvalidFieldType() throws {
    try expectErrors(
      .valuesOfCorrectType,
      Self.document(
        "        {",
        "          complicatedArgs {",
        "            oneOfArgField(oneOfArg: { stringField: 2 })",
        "          }",
        "        }"),
      [("String cannot represent a non string value: 2", ["4:52"])], schema: Self.schema)
  }

  @Test func reportsExactlyOneNullField() throws {
    try expectErrors(
      .valuesOfCorrectType,
      Self.document(
        "        {",
        "          complicatedArgs {",
        "            oneOfArgField(oneOfArg: { stringField: null })",
        "          }",
        "        }"),
      [("Field \"OneOfInput.stringField\" used for OneOf Input Object must be non-null.", ["4:37"])],
      schema: Self.schema)
  }

  /// graphql-js 17 leaves variables to VariablesInAllowedPosition (see
  /// `variablesInAllowedPositionForbidsOneNullableVariable`).
  @Test func leavesANullableVariableToItsOwnRule() throws {
    try expectValid(
      .valuesOfCorrectType,
      Self.document(
        "        query ($string: String) {",
        "          complicatedArgs {",
        "            oneOfArgField(oneOfArg: { stringField: $string })",
        "          }",
        "        }"),
      schema: Self.schema)
  }

  @Test func reportsMoreThanOneField() throws {
    try expectErrors(
      .valuesOfCorrectType,
      Self.document(
        "        {",
        "          complicatedArgs {",
        "            oneOfArgField(oneOfArg: { stringField: \"abc\", intField: 123 })",
        "          }",
        "        }"),
      [("OneOf Input Object \"OneOfInput\" must specify exactly one key.", ["4:37"])], schema: Self.schema)
  }

  /// No key is not exactly one, and nor is a repeated key (graphql-js 17 counts the fields as
  /// written; UniqueInputFieldNames reports the repetition too).
  @Test func countsKeysAsWritten() throws {
    try expectErrors(
      .valuesOfCorrectType,
      "{ complicatedArgs { a: oneOfArgField(oneOfArg: {}) b: oneOfArgField(oneOfArg: {intField: 1, intField: 2}) } }",
      [
        ("OneOf Input Object \"OneOfInput\" must specify exactly one key.", ["1:48"]),
        ("OneOf Input Object \"OneOfInput\" must specify exactly one key.", ["1:79"]),
      ], schema: Self.schema)
  }

  /// graphql-js 16.11 crashes on an undefined variable here (graphql-js#4443); we leave it to
  /// NoUndefinedVariables.
  @Test func leavesAnUndefinedVariableToItsOwnRule() throws {
    try expectErrors(
      specifiedRules, "{ complicatedArgs { oneOfArgField(oneOfArg: { stringField: $nope }) } }",
      [("Variable \"$nope\" is not defined.", ["1:60", "1:1"])], schema: Self.schema)
  }

  @Test func variablesInAllowedPositionForbidsOneNullableVariable() throws {
    try expectErrors(
      .variablesInAllowedPosition,
      Self.document(
        "      query ($string: String) {",
        "        complicatedArgs {",
        "          oneOfArgField(oneOfArg: { stringField: $string })",
        "        }",
        "      }"),
      [
        (
          "Variable \"$string\" is of type \"String\" but must be non-nullable to be used for OneOf Input Object \"OneOfInput\".",
          ["2:14", "4:50"]
        )
      ], schema: Self.schema)
  }

  /// As graphql-js 17: the position's type must be the OneOf type itself, so under a non-null
  /// argument no rule reports the variable (execution does, when it is null); under a nullable
  /// one, VariablesInAllowedPosition does.
  @Test func bothRulesTogether() throws {
    try expectErrors(
      specifiedRules,
      "query ($s: String) { complicatedArgs { nonNullOneOfArgField(oneOfArg: { stringField: $s }) } }", [],
      schema: Self.schema)
    try expectErrors(
      specifiedRules,
      "query ($s: String) { complicatedArgs { oneOfArgField(oneOfArg: { stringField: $s }) } }",
      [
        (
          "Variable \"$s\" is of type \"String\" but must be non-nullable to be used for OneOf Input Object \"OneOfInput\".",
          ["1:8", "1:79"]
        )
      ], schema: Self.schema)
  }
}
