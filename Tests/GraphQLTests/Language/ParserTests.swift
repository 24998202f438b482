import Testing

@testable import GraphQL

@Suite struct ParserTests {
  static let launchList = """
    query LaunchList($after: String) { launches(pageSize: 20, after: $after) { cursor hasMore \
    launches { id site mission { name missionPatch(size: SMALL) } rocket { id name type } isBooked } } }
    """

  @Test func parsesTheLaunchListQuery() throws {
    let document = try parse(Self.launchList)
    let operation = try #require(document.operations.first)
    #expect(operation.operation == .query)
    #expect(operation.name?.value == "LaunchList")
    #expect(operation.variableDefinitions.first?.variable.name.value == "after")
    #expect(operation.variableDefinitions.first?.type.description == "String")
    guard case .field(let launches) = operation.selectionSet.selections.first else {
      Issue.record("expected a field")
      return
    }
    #expect(launches.name.value == "launches")
    #expect(launches.arguments.map(\.name.value) == ["pageSize", "after"])
    #expect(launches.arguments.first?.value == .int("20", range: SourceRange(start: 54, end: 56)))
    #expect(launches.selectionSet?.selections.count == 3)
    #expect(launches.range?.start == 35)
  }
}
