import GraphQL
import GraphQLWire
import Testing

/// OneOf Input Objects at execution: variables (graphql-js 17 `validateInputValue`) and literals
/// (`validateInputLiteral`). The documents are graphql-js's `src/execution/__tests__/oneof-test.ts`,
/// with a few more cases for the field-is-null rule; the messages are graphql-js 17's.
@Suite struct OneOfCoercionTests {
  static let sdl = """
    type Query {
      test(input: TestInputObject!): TestObject
    }

    input TestInputObject @oneOf {
      a: String
      b: Int
    }

    type TestObject {
      a: String
      b: Int
    }
    """

  /// Runs `query` without validation, as graphql-js's `execute` in those tests does, so that
  /// coercion itself is what rejects a bad value.
  static func run(_ query: String, variables: String? = nil) throws -> String {
    let executable = ExecutableSchema<Void>(
      schema: try buildSchema(sdl),
      resolvers: [
        "Query": ["test": .sync { $0.arguments["input"] }],
        "TestObject": [
          "a": .sync { ($0.source as? JSON)?["a"] },
          "b": .sync { ($0.source as? JSON)?["b"] },
        ],
      ])
    let values = try variables.map { try JSON(parsing: $0).objectValue ?? [:] }
    return try execSync(executable, query, variables: values, context: ())
  }

  static let selection = "test(input: $input) {\n    a\n    b\n  }"

  @Test func acceptsAGoodDefaultValue() throws {
    let response = try Self.run(
      "query ($input: TestInputObject! = {a: \"abc\"}) {\n  \(Self.selection)\n}")
    #expect(response == #"{"data":{"test":{"a":"abc","b":null}}}"#)
  }

  @Test func rejectsABadDefaultValue() throws {
    // graphql-js: "This type of error would be caught at validation-time hence the vague error
    // message here."
    let response = try Self.run(
      "query ($input: TestInputObject! = {a: \"abc\", b: 123}) {\n  \(Self.selection)\n}")
    #expect(
      response
        == #"{"errors":[{"message":"Argument \"Query.test(input:)\" has invalid value: Expected variable \"$input\" provided to type \"TestInputObject!\" to provide a runtime value.","locations":[{"line":2,"column":15}],"path":["test"]}],"data":{"test":null}}"#
    )
  }

  @Test func acceptsAGoodVariable() throws {
    let response = try Self.run(
      "query ($input: TestInputObject!) {\n  \(Self.selection)\n}", variables: #"{"input":{"a":"abc"}}"#)
    #expect(response == #"{"data":{"test":{"a":"abc","b":null}}}"#)
  }

  @Test func rejectsAVariableWithMultipleNonNullKeys() throws {
    let response = try Self.run(
      "query ($input: TestInputObject!) {\n  \(Self.selection)\n}",
      variables: #"{"input":{"a":"abc","b":123}}"#)
    #expect(
      response
        == #"{"errors":[{"message":"Variable \"$input\" has invalid value: Exactly one key must be specified for OneOf type \"TestInputObject\".","locations":[{"line":1,"column":8}]}]}"#
    )
  }

  @Test func rejectsAVariableWithMultipleNullableKeys() throws {
    let response = try Self.run(
      "query ($input: TestInputObject!) {\n  \(Self.selection)\n}",
      variables: #"{"input":{"a":"abc","b":null}}"#)
    #expect(
      response
        == #"{"errors":[{"message":"Variable \"$input\" has invalid value: Exactly one key must be specified for OneOf type \"TestInputObject\".","locations":[{"line":1,"column":8}]}]}"#
    )
  }

  /// A single null field, no key at all, and two null keys (both problems), reported at the
  /// object as graphql-js 17's `validateInputValue` reads.
  @Test func rejectsNullAndMissingFields() throws {
    let query = "query ($input: TestInputObject!) {\n  \(Self.selection)\n}"
    #expect(
      try Self.run(query, variables: #"{"input":{"a":null}}"#)
        == #"{"errors":[{"message":"Variable \"$input\" has invalid value: Field \"a\" for OneOf type \"TestInputObject\" must be non-null.","locations":[{"line":1,"column":8}]}]}"#
    )
    #expect(
      try Self.run(query, variables: #"{"input":{}}"#)
        == #"{"errors":[{"message":"Variable \"$input\" has invalid value: Exactly one key must be specified for OneOf type \"TestInputObject\".","locations":[{"line":1,"column":8}]}]}"#
    )
    #expect(
      try Self.run(query, variables: #"{"input":{"a":null,"b":null}}"#)
        == #"{"errors":[{"message":"Variable \"$input\" has invalid value: Exactly one key must be specified for OneOf type \"TestInputObject\".","locations":[{"line":1,"column":8}]},{"message":"Variable \"$input\" has invalid value: Field \"a\" for OneOf type \"TestInputObject\" must be non-null.","locations":[{"line":1,"column":8}]}]}"#
    )
  }

  /// graphql-js 16.11 (#4367) rejects an array where an input object is expected; so do we.
  @Test func rejectsAnArrayForAnInputObject() throws {
    let response = try Self.run(
      "query ($input: TestInputObject!) {\n  \(Self.selection)\n}", variables: #"{"input":[{"a":"abc"}]}"#)
    #expect(
      response
        == #"{"errors":[{"message":"Variable \"$input\" has invalid value: Expected value of type \"TestInputObject\" to be an object, found: [{ a: \"abc\" }].","locations":[{"line":1,"column":8}]}]}"#
    )
  }

  /// Literals: one non-null field is the value; anything else is an invalid value (graphql-js 17's
  /// `validateInputLiteral` messages), which validation normally reports first.
  @Test func coercesLiterals() throws {
    #expect(try Self.run(#"{ test(input: {b: 7}) { a b } }"#) == #"{"data":{"test":{"a":null,"b":7}}}"#)
    #expect(
      try Self.run(#"{ test(input: {a: "abc", b: 123}) { a } }"#)
        == #"{"errors":[{"message":"Argument \"Query.test(input:)\" has invalid value: OneOf Input Object \"TestInputObject\" must specify exactly one key.","locations":[{"line":1,"column":15}],"path":["test"]}],"data":{"test":null}}"#
    )
    #expect(
      try Self.run(#"{ test(input: {a: null}) { a } }"#)
        == #"{"errors":[{"message":"Argument \"Query.test(input:)\" has invalid value at .a: Field \"TestInputObject.a\" used for OneOf Input Object must be non-null.","locations":[{"line":1,"column":15}],"path":["test"]}],"data":{"test":null}}"#
    )
    #expect(
      try Self.run(#"query ($v: String) { test(input: {a: $v}) { a } }"#, variables: #"{"v":null}"#)
        == #"{"errors":[{"message":"Argument \"Query.test(input:)\" has invalid value: Expected variable \"$v\" provided to field \"a\" for OneOf Input Object type \"TestInputObject\" not to be null.","locations":[{"line":1,"column":34}],"path":["test"]}],"data":{"test":null}}"#
    )
    #expect(
      try Self.run(#"query ($v: String) { test(input: {a: $v}) { a } }"#, variables: #"{"v":"x"}"#)
        == #"{"data":{"test":{"a":"x"}}}"#)
  }
}
