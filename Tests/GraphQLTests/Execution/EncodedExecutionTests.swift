import GraphQL
import GraphQLWire
import Testing

/// `executeSyncEncoded` writes the response while executing; these cases aim at the places where it
/// must take bytes back (non-null propagation) or order errors before data, and compare it with the
/// value-tree path byte for byte.
@Suite struct EncodedExecutionTests {
  /// Both paths' bytes for `query` against the execution fixture.
  private func bothPaths(_ query: String, variables: JSONObject? = nil) throws -> (
    tree: String, encoded: String
  ) {
    let executable = try ExecutionFixture.executable()
    let document = try parse(query)
    let tree = executeSync(
      schema: executable, document: document, variableValues: variables, context: (),
      rootValue: ExecutionFixture.rootValue
    ).encoded()
    let encoded = executeSyncEncoded(
      schema: executable, document: document, variableValues: variables, context: (),
      rootValue: ExecutionFixture.rootValue)
    return (String(decoding: tree, as: UTF8.self), String(decoding: encoded, as: UTF8.self))
  }

  @Test func plainFieldsAliasesAndTypename() throws {
    let (tree, encoded) = try bothPaths(#"{ greeting: hello __typename number(x: 7) color }"#)
    #expect(encoded == #"{"data":{"greeting":"world","__typename":"Query","number":7,"color":"GREEN"}}"#)
    #expect(encoded == tree)
  }

  @Test func nullableFieldErrorPutsErrorsBeforeData() throws {
    let (tree, encoded) = try bothPaths("{ hello failing }")
    #expect(encoded.hasPrefix(#"{"errors":[{"message":"boom""#))
    #expect(encoded.hasSuffix(#""data":{"hello":"world","failing":null}}"#))
    #expect(encoded == tree)
  }

  @Test func nonNullErrorTakesBackTheParentsPartialObject() throws {
    // obj(2).b is obj(1), whose `nn` is null: `b` becomes null after `a` was already written.
    let (tree, encoded) = try bothPaths("{ obj { a b { a nn } } }")
    #expect(encoded.contains(#""data":{"obj":{"a":"a2","b":null}}"#))
    #expect(!encoded.contains("a1"))
    #expect(encoded == tree)
  }

  @Test func nonNullListItemNullsTheWholeList() throws {
    let (tree, encoded) = try bothPaths("{ hello nonNullItems }")
    #expect(encoded.contains(#""data":{"hello":"world","nonNullItems":null}"#))
    #expect(encoded == tree)
  }

  @Test func nonNullRootFieldNullsData() throws {
    let (tree, encoded) = try bothPaths("{ hello obj { a } failingNonNull }")
    #expect(encoded.hasSuffix(#""data":null}"#))
    #expect(encoded.contains("boom!"))
    #expect(encoded == tree)
  }

  @Test func abstractTypesListsAndLeafErrors() throws {
    let (tree, encoded) = try bothPaths(
      "{ search { __typename ... on Dog { name barks } ... on Obj { a } } pet(kind: \"cat\") { name } badColor notList }"
    )
    #expect(encoded.contains(#""search":[{"__typename":"Dog","name":"Rex","barks":true}"#))
    #expect(encoded.contains(#""badColor":null"#))
    #expect(encoded == tree)
  }

  @Test func requestErrorHasNoData() throws {
    let (tree, encoded) = try bothPaths(
      "query Q($n: Int!) { number(x: $n) }", variables: ["n": .string("x")])
    #expect(encoded.hasPrefix(#"{"errors":[{"message":"Variable \"$n\" has invalid value"#))
    #expect(!encoded.contains("\"data\""))
    #expect(encoded == tree)
  }
}
