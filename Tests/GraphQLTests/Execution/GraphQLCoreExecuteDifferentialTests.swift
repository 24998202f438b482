import Foundation
import GraphQL
import GraphQLWire
import Testing

/// The non-incremental corpus (`ExecutionTests` and `VariableCoercionTests`, whose expectations
/// came from graphql-js 16) run through graphql-core 3.3's `execute` (graphql-js 17's Python port)
/// on the same schema, root value and resolvers (`Tests/Peers/graphql_core_execute.py` mirrors
/// `ExecutionFixture`). Every answer must be graphql-core's, except the cases listed in
/// `graphQLCoreQuirks`, where graphql-core departs from graphql-js 17 itself and the engine
/// follows graphql-js 17 (docs/graphql-js-17.md); a listed case that starts to agree fails too,
/// so the list only shrinks.
@Suite struct GraphQLCoreExecuteDifferentialTests {
  /// The corpus cases where graphql-core's answer is not graphql-js 17's, with the reason.
  static let graphQLCoreQuirks: [String: String] = [
    #"query($id: Int!) { number(x: $id) } {"id":null}"#: noneForNull,
    #"query($f: [Filter!]!) { echo(req: 1) } {"f":[{"name":null}]}"#: noneForNull,
    #"query($f: Filter) { echo(input: $f, req: 1) } {"f":{"name":"n","tags":"t","nested":{"name":"m","limt":2}}}"#:
      pythonRepr,
    #"query($f: Filter) { echo(input: $f, req: 1) } {"f":{"nested":{}}}"#: pythonRepr,
    #"query($f: Filter) { echo(input: $f, req: 1) } {"f":{"nested":{"nested":{"nested":{"nested":{}}}}}}"#:
      pythonRepr,
    #"query($f: Filter) { echo(input: $f, req: 1) } {"f":{"name":"n","zz":1,"limit":2}}"#: pythonRepr,
    #"query($f: Filter!, $g: Int!) { echo(req: 1) } {"f":{"name":"n","tags":[1,{"a":[1,2,3,4,5,6,7,8,9,10,11,12]}]}}"#:
      pythonRepr,
    "query($a: Int) { echo(req: $a) } {}": argumentName,
    #"query($a: Int) { echo(req: $a) } {"a":null}"#: argumentName,
    "{ echo(req: null) }": argumentName,
  ]

  /// graphql-js 17 writes `not to be null.` (a fixed text); graphql-core writes Python's `None`.
  static let noneForNull = "graphql-core writes None for null"
  /// graphql-js 17 shows a value with `inspect` (`{ name: "m", limt: 2 }`, long lists cut after
  /// 10 items); graphql-core with Python's `repr` (`{"limt": 2, "name": "m"}`).
  static let pythonRepr = "graphql-core shows values as Python repr"
  /// graphql-js 17 names the argument by its schema coordinate (`Argument "Query.echo(req:)" has
  /// invalid value`); graphql-core's arguments do not know their field and write `Argument 'req'`.
  static let argumentName = "graphql-core names the argument without its field"

  static let cases = ExecutionTests.cases + VariableCoercionTests.cases

  static func key(_ testCase: ExecutionCase) -> String {
    testCase.query + (testCase.variables.map { " " + $0 } ?? "")
  }

  /// graphql-core's answer in the engine's terms: graphql-js's double quotes around names, and no
  /// `"data": null` beside request errors (graphql-core's `formatted` always writes `data`;
  /// graphql-js 17 leaves it out, as 16 does).
  static func normalized(_ value: Any) throws -> String {
    var result = try #require(value as? [String: Any])
    var errors = result["errors"] as? [[String: Any]] ?? []
    for index in errors.indices {
      errors[index]["message"] = (errors[index]["message"] as? String)?
        .replacingOccurrences(of: "'", with: "\"")
    }
    if !errors.isEmpty {
      result["errors"] = errors
      if result["data"] is NSNull, errors.allSatisfy({ $0["path"] == nil }) {
        result["data"] = nil
      }
    }
    return try GraphQLCorePeer.canonical(result)
  }

  @Test func answersMatchGraphQLCore() throws {
    let requests = try Self.cases.map { testCase -> [String: Any] in
      var request: [String: Any] = ["query": testCase.query]
      if let variables = testCase.variables {
        request["variables"] = try JSONSerialization.jsonObject(with: Data(variables.utf8))
      }
      request["operationName"] = testCase.operationName
      return request
    }
    let theirs = try GraphQLCorePeer.run(
      ["sdl": ExecutionFixture.sdl, "cases": requests], script: GraphQLCorePeer.executeScript,
      as: Any.self)
    try #require(theirs.count == Self.cases.count)
    var seen = Set<String>()
    for (index, testCase) in Self.cases.enumerated() {
      let key = Self.key(testCase)
      seen.insert(key)
      let ours = try GraphQLCorePeer.canonical(json: Array(try testCase.run().utf8))
      let reference = try Self.normalized(theirs[index])
      if let reason = Self.graphQLCoreQuirks[key] {
        #expect(ours != reference, "now agrees with graphql-core (\(reason)); drop it from the list: \(key)")
      } else {
        #expect(ours == reference, "\(key)")
      }
    }
    #expect(Set(Self.graphQLCoreQuirks.keys).subtracting(seen).isEmpty, "listed cases not in the corpus")
  }
}
