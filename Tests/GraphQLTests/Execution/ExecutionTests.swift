import GraphQL
import GraphQLWire
import Testing

/// One request against `ExecutionFixture` and the response graphql-js 16 gives for it.
struct ExecutionCase: Sendable, CustomTestStringConvertible {
  let query: String
  let variables: String?
  let operationName: String?
  let expected: String

  init(_ query: String, _ variables: String?, _ operationName: String?, _ expected: String) {
    self.query = query
    self.variables = variables
    self.operationName = operationName
    self.expected = expected
  }

  var testDescription: String { query }

  func run() throws -> String {
    let variables = try self.variables.map { try JSON(parsing: $0).objectValue ?? [:] }
    return try ExecutionFixture.run(query, variables: variables, operationName: operationName)
  }
}

/// Scalars, objects, lists, aliases, fragments, directives, abstract types, null propagation,
/// field errors and operation selection, each compared with graphql-js's response.
@Suite struct ExecutionTests {
  typealias Case = ExecutionCase

  static let cases: [Case] = [
    Case(
      "{ hello a: hello __typename number n2: number(x: 7) }", nil, nil,
      "{\"data\":{\"hello\":\"world\",\"a\":\"world\",\"__typename\":\"Query\",\"number\":5,\"n2\":7}}"),
    Case(
      "{ obj { a b { a b { a } } } objs { a } }", nil, nil,
      "{\"data\":{\"obj\":{\"a\":\"a2\",\"b\":{\"a\":\"a1\",\"b\":{\"a\":\"a0\"}}},\"objs\":[{\"a\":\"a0\"},null,{\"a\":\"a1\"}]}}"
    ),
    Case(
      "query { obj { ...F b { ... on Obj { a } } } } fragment F on Obj { a __typename }", nil, nil,
      "{\"data\":{\"obj\":{\"a\":\"a2\",\"__typename\":\"Obj\",\"b\":{\"a\":\"a1\"}}}}"),
    Case(
      "query($s: Boolean!) { hello @skip(if: $s) number @include(if: false) obj { a @include(if: true) a @skip(if: true) } }",
      "{\"s\":true}", nil,
      "{\"data\":{\"obj\":{\"a\":\"a2\"}}}"),
    Case(
      "{ failing hello }", nil, nil,
      "{\"errors\":[{\"message\":\"boom\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"failing\"]}],\"data\":{\"failing\":null,\"hello\":\"world\"}}"
    ),
    Case(
      "{ failingNonNull hello }", nil, nil,
      "{\"errors\":[{\"message\":\"boom!\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"failingNonNull\"]}],\"data\":null}"
    ),
    Case(
      "{ obj { b { nn } } }", nil, nil,
      "{\"errors\":[{\"message\":\"Cannot return null for non-nullable field Obj.nn.\",\"locations\":[{\"line\":1,\"column\":13}],\"path\":[\"obj\",\"b\",\"nn\"]}],\"data\":{\"obj\":{\"b\":null}}}"
    ),
    Case(
      "{ obj { b { b { nn } } } }", nil, nil,
      "{\"data\":{\"obj\":{\"b\":{\"b\":{\"nn\":\"nn\"}}}}}"),
    Case(
      "{ obj { list { list { nn } } } }", nil, nil,
      "{\"data\":{\"obj\":{\"list\":[{\"list\":[{\"nn\":\"nn\"}]}]}}}"),
    Case(
      "{ nonNullItems }", nil, nil,
      "{\"errors\":[{\"message\":\"Cannot return null for non-nullable field Query.nonNullItems.\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"nonNullItems\",1]}],\"data\":{\"nonNullItems\":null}}"
    ),
    Case(
      "{ nonNullList hello }", nil, nil,
      "{\"errors\":[{\"message\":\"Cannot return null for non-nullable field Query.nonNullList.\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"nonNullList\"]}],\"data\":null}"
    ),
    Case(
      "{ objs { nn } }", nil, nil,
      "{\"errors\":[{\"message\":\"Cannot return null for non-nullable field Obj.nn.\",\"locations\":[{\"line\":1,\"column\":10}],\"path\":[\"objs\",2,\"nn\"]}],\"data\":{\"objs\":[{\"nn\":\"nn\"},null,null]}}"
    ),
    Case(
      "{ notList }", nil, nil,
      "{\"errors\":[{\"message\":\"Expected Iterable, but did not find one for field \\\"Query.notList\\\".\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"notList\"]}],\"data\":{\"notList\":null}}"
    ),
    Case(
      "{ badColor color c2: color(c: RED) }", nil, nil,
      "{\"errors\":[{\"message\":\"Enum \\\"Color\\\" cannot represent value: \\\"PURPLE\\\"\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"badColor\"]}],\"data\":{\"badColor\":null,\"color\":\"GREEN\",\"c2\":\"RED\"}}"
    ),
    Case(
      "{ nonNullHello }", nil, nil,
      "{\"errors\":[{\"message\":\"Cannot return null for non-nullable field Query.nonNullHello.\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"nonNullHello\"]}],\"data\":null}"
    ),
    Case(
      "{ pet { name ... on Dog { barks } ... on Cat { meows } __typename } cat: pet(kind: \"cat\") { name ... on Cat { meows } } }",
      nil, nil,
      "{\"data\":{\"pet\":{\"name\":\"Rex\",\"barks\":true,\"__typename\":\"Dog\"},\"cat\":{\"name\":\"Tom\",\"meows\":true}}}"
    ),
    Case(
      "{ search { __typename ... on Pet { name } ... on Obj { a } } }", nil, nil,
      "{\"data\":{\"search\":[{\"__typename\":\"Dog\",\"name\":\"Rex\"},{\"__typename\":\"Obj\",\"a\":\"x\"},{\"__typename\":\"Cat\",\"name\":\"Tom\"}]}}"
    ),
    Case(
      "{ pet(kind: \"bad\") { name } }", nil, nil,
      "{\"errors\":[{\"message\":\"Abstract type \\\"Pet\\\" was resolved to a type \\\"Nope\\\" that does not exist inside the schema.\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"pet\"]}],\"data\":{\"pet\":null}}"
    ),
    Case(
      "{ pet(kind: \"obj\") { name } }", nil, nil,
      "{\"errors\":[{\"message\":\"Runtime Object type \\\"Obj\\\" is not a possible type for \\\"Pet\\\".\",\"locations\":[{\"line\":1,\"column\":3}],\"path\":[\"pet\"]}],\"data\":{\"pet\":null}}"
    ),
    Case(
      "query A { hello } query B { number }", nil, nil,
      "{\"errors\":[{\"message\":\"Must provide operation name if query contains multiple operations.\"}]}"),
    Case(
      "query A { hello } query B { number }", nil, "B",
      "{\"data\":{\"number\":5}}"),
    Case(
      "query A { hello }", nil, "C",
      "{\"errors\":[{\"message\":\"Unknown operation named \\\"C\\\".\"}]}"),
    Case(
      "fragment F on Query { hello }", nil, nil,
      "{\"errors\":[{\"message\":\"Must provide an operation.\"}]}"),
    Case(
      "mutation { append(s: \"x\") }", nil, nil,
      "{\"data\":{\"append\":null}}"),
  ]

  @Test(arguments: cases) func matchesGraphQLJS(_ testCase: Case) throws {
    let actual = try testCase.run()
    #expect(actual == testCase.expected)
  }
}
