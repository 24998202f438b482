import GraphQL
import GraphQLWire
import Testing

/// Variable coercion (spec 6.1.2) and argument coercion (6.4.1): defaults, nullability, lists from
/// single values, input objects, enums, and every error message, compared with graphql-js.
@Suite struct VariableCoercionTests {
  typealias Case = ExecutionCase

  static let cases: [Case] = [
    Case(
      "{ obj { list { nn a } } }", nil, nil,
      "{\"errors\":[{\"message\":\"Cannot return null for non-nullable field Obj.nn.\",\"locations\":[{\"line\":1,\"column\":16}],\"path\":[\"obj\",\"list\",0,\"nn\"]}],\"data\":{\"obj\":{\"list\":null}}}"
    ),
    Case(
      "query($id: Int!) { number(x: $id) }", "{}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$id\\\" has invalid value: Expected a value of non-null type \\\"Int!\\\" to be provided.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($id: Int!) { number(x: $id) }", "{\"id\":null}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$id\\\" has invalid value: Expected value of non-null type \\\"Int!\\\" not to be null.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($x: Int) { number(x: $x) }", "{\"x\":\"a\"}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$x\\\" has invalid value: Int cannot represent non-integer value: \\\"a\\\"\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($x: Int) { number(x: $x) }", "{}", nil,
      "{\"data\":{\"number\":5}}"),
    Case(
      "query($x: Int = 3) { number(x: $x) }", "{}", nil,
      "{\"data\":{\"number\":3}}"),
    Case(
      "query($x: Int) { number(x: $x) }", "{\"x\":null}", nil,
      "{\"data\":{\"number\":null}}"),
    Case(
      "query($l: [Int]) { echo(list: $l, req: 1) }", "{\"l\":4}", nil,
      "{\"data\":{\"echo\":\"{\\\"list\\\":[4],\\\"req\\\":1}\"}}"),
    Case(
      "query($l: [Int]) { echo(list: $l, req: 1) }", "{\"l\":[1,\"b\",3]}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$l\\\" has invalid value at [1]: Int cannot represent non-integer value: \\\"b\\\"\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($f: Filter) { echo(input: $f, req: 1) }",
      "{\"f\":{\"name\":\"n\",\"tags\":\"t\",\"nested\":{\"name\":\"m\",\"limt\":2}}}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value at .nested: Expected value of type \\\"Filter\\\" not to include unknown field \\\"limt\\\". Did you mean \\\"limit\\\"? Found: { name: \\\"m\\\", limt: 2 }.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($f: Filter) { echo(input: $f, req: 1) }", "{\"f\":{\"nested\":{}}}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: { nested: {} }.\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$f\\\" has invalid value at .nested: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: {}.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    // Values nested past two levels show as [Object] / [Array], as graphql-js's inspect shows them.
    Case(
      "query($f: Filter) { echo(input: $f, req: 1) }",
      "{\"f\":{\"nested\":{\"nested\":{\"nested\":{\"nested\":{}}}}}}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: { nested: { nested: [Object] } }.\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$f\\\" has invalid value at .nested: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: { nested: { nested: [Object] } }.\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$f\\\" has invalid value at .nested.nested: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: { nested: { nested: {} } }.\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$f\\\" has invalid value at .nested.nested.nested: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: { nested: {} }.\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$f\\\" has invalid value at .nested.nested.nested.nested: Expected value of type \\\"Filter\\\" to include required field \\\"name\\\", found: {}.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($f: Filter) { echo(input: $f, req: 1) }", "{\"f\":\"str\"}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value: Expected value of type \\\"Filter\\\" to be an object, found: \\\"str\\\".\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($f: [Filter!]!) { echo(req: 1) }", "{\"f\":[{\"name\":null}]}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value at [0].name: Expected value of non-null type \\\"String!\\\" not to be null.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($c: Color) { color(c: $c) }", "{\"c\":\"BLUE\"}", nil,
      "{\"data\":{\"color\":\"BLUE\"}}"),
    Case(
      "query($c: Color) { color(c: $c) }", "{\"c\":\"BLU\"}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$c\\\" has invalid value: Value \\\"BLU\\\" does not exist in \\\"Color\\\" enum. Did you mean the enum value \\\"BLUE\\\"?\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($c: Color) { color(c: $c) }", "{\"c\":1}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$c\\\" has invalid value: Enum \\\"Color\\\" cannot represent non-string value: 1.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($a: Int, $b: Int) { echo(req: $a, list: [1, $b], input: {name: \"x\", nested: {name: \"y\", limit: $b}}, e: RED, s: \"q\") }",
      "{\"a\":2}", nil,
      "{\"data\":{\"echo\":\"{\\\"s\\\":\\\"q\\\",\\\"list\\\":[1,null],\\\"input\\\":{\\\"name\\\":\\\"x\\\",\\\"limit\\\":10,\\\"nested\\\":{\\\"name\\\":\\\"y\\\",\\\"limit\\\":10}},\\\"e\\\":\\\"RED\\\",\\\"req\\\":2}\"}}"
    ),
    Case(
      "query($a: Int) { echo(req: $a) }", "{}", nil,
      "{\"errors\":[{\"message\":\"Argument \\\"Query.echo(req:)\\\" has invalid value: Expected variable \\\"$a\\\" provided to type \\\"Int!\\\" to provide a runtime value.\",\"locations\":[{\"line\":1,\"column\":28}],\"path\":[\"echo\"]}],\"data\":{\"echo\":null}}"
    ),
    Case(
      "query($a: Int) { echo(req: $a) }", "{\"a\":null}", nil,
      "{\"errors\":[{\"message\":\"Argument \\\"Query.echo(req:)\\\" has invalid value: Expected variable \\\"$a\\\" provided to non-null type \\\"Int!\\\" not to be null.\",\"locations\":[{\"line\":1,\"column\":28}],\"path\":[\"echo\"]}],\"data\":{\"echo\":null}}"
    ),
    Case(
      "{ echo(req: null) }", nil, nil,
      "{\"errors\":[{\"message\":\"Argument \\\"Query.echo(req:)\\\" has invalid value: Expected value of non-null type \\\"Int!\\\" not to be null.\",\"locations\":[{\"line\":1,\"column\":13}],\"path\":[\"echo\"]}],\"data\":{\"echo\":null}}"
    ),
    Case(
      "{ echo(list: 3, req: 1, input: {name: \"z\"}) }", nil, nil,
      "{\"data\":{\"echo\":\"{\\\"list\\\":[3],\\\"input\\\":{\\\"name\\\":\\\"z\\\",\\\"limit\\\":10},\\\"req\\\":1}\"}}"
    ),
    Case(
      "query($f: Filter) { echo(input: $f, req: 1) }", "{\"f\":{\"name\":\"n\",\"zz\":1,\"limit\":2}}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value: Expected value of type \\\"Filter\\\" not to include unknown field \\\"zz\\\", found: { name: \\\"n\\\", zz: 1, limit: 2 }.\",\"locations\":[{\"line\":1,\"column\":7}]}]}"
    ),
    Case(
      "query($f: Filter!, $g: Int!) { echo(req: 1) }",
      "{\"f\":{\"name\":\"n\",\"tags\":[1,{\"a\":[1,2,3,4,5,6,7,8,9,10,11,12]}]}}", nil,
      "{\"errors\":[{\"message\":\"Variable \\\"$f\\\" has invalid value at .tags[0]: String cannot represent a non string value: 1\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$f\\\" has invalid value at .tags[1]: String cannot represent a non string value: { a: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, ... 2 more items] }\",\"locations\":[{\"line\":1,\"column\":7}]},{\"message\":\"Variable \\\"$g\\\" has invalid value: Expected a value of non-null type \\\"Int!\\\" to be provided.\",\"locations\":[{\"line\":1,\"column\":20}]}]}"
    ),
  ]

  @Test(arguments: cases) func matchesGraphQLJS(_ testCase: Case) throws {
    let actual = try testCase.run()
    #expect(actual == testCase.expected)
  }
}
