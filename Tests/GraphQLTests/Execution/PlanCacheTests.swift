import GraphQL
import GraphQLWire
import Testing

/// Field plans are reused across executions of one parsed document; these cases run the same
/// document repeatedly and check that what depends on variables is still decided per run.
@Suite struct PlanCacheTests {
  /// One executable schema for every run of a test, so its plan cache is what later runs see.
  private let executable: ExecutableSchema<Void>

  init() throws { executable = try ExecutionFixture.executable() }

  private func run(_ document: Document, variables: JSONObject? = nil) throws -> String {
    let bytes = executeSyncEncoded(
      schema: executable, document: document, variableValues: variables, context: (),
      rootValue: ExecutionFixture.rootValue)
    return String(decoding: bytes, as: UTF8.self)
  }

  @Test func repeatedExecutionGivesTheSameBytes() throws {
    let document = try parse(#"{ greeting: hello __typename number(x: 7) }"#)
    let first = try run(document)
    #expect(first == #"{"data":{"greeting":"world","__typename":"Query","number":7}}"#)
    #expect(try run(document) == first)
  }

  @Test func includeWithAVariableIsDecidedOnEveryRun() throws {
    let document = try parse(#"query ($on: Boolean!) { hello @include(if: $on) number(x: 1) }"#)
    let shown = try run(document, variables: ["on": .bool(true)])
    let hidden = try run(document, variables: ["on": .bool(false)])
    #expect(shown == #"{"data":{"hello":"world","number":1}}"#)
    #expect(hidden == #"{"data":{"number":1}}"#)
    #expect(try run(document, variables: ["on": .bool(true)]) == shown)
  }

  @Test func argumentsWithVariablesAreCoercedOnEveryRun() throws {
    let document = try parse(#"query ($x: Int) { number(x: $x) }"#)
    #expect(try run(document, variables: ["x": .int(3)]) == #"{"data":{"number":3}}"#)
    #expect(try run(document, variables: ["x": .int(5)]) == #"{"data":{"number":5}}"#)
  }

  @Test func anEditedDocumentIsPlannedAfresh() throws {
    var document = try parse(#"{ greeting: hello number(x: 7) }"#)
    #expect(try run(document) == #"{"data":{"greeting":"world","number":7}}"#)
    let original = document
    // Drop the first field of the (already planned) operation, keeping its Source and offsets.
    guard case .operation(var operation) = document.definitions[0] else {
      Issue.record("not an operation")
      return
    }
    operation.selectionSet.selections.removeFirst()
    document.definitions[0] = .operation(operation)
    #expect(document.source === original.source)
    #expect(try run(document) == #"{"data":{"number":7}}"#)
    // The unedited copy still runs as written.
    #expect(try run(original) == #"{"data":{"greeting":"world","number":7}}"#)
  }
}
