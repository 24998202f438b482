import GraphQLWire
import LaunchBoard
import LaunchBoardAPITestMocks
import Testing

/// The board's lines from data built out of the generated mocks: no server.
@Suite struct BoardLinesTests {
  @Test func aLinePerLaunch() throws {
    let query = Mock<Query>(
      launches: Mock<LaunchConnection>(launches: [
        Mock<Launch>(
          id: "110", site: "KSC LC 39A", mission: Mock<Mission>(name: "CRS-21"),
          rocket: Mock<Rocket>(name: "Falcon 9"))
      ]))
    let data = try BoardQuery.Data.from(query)
    #expect(BoardLines.lines(data) == ["110  CRS-21  Falcon 9  KSC LC 39A"])
  }

  @Test func aFailedPageReadsAsItsError() throws {
    let error = GraphQLError("pageSize must be at least 1, but it was 0.", path: [.key("launches")])
    let data = try BoardQuery.Data.from(Mock<Query>(), errors: [error])
    #expect(data.launches.errors == [error])
    #expect(BoardLines.lines(data) == ["no board: pageSize must be at least 1, but it was 0."])
  }

  @Test func aSemanticallyNonNullFieldMissingFailsThePageThatCatches() throws {
    let query = Mock<Query>(launches: Mock<LaunchConnection>(launches: [Mock<Launch>(id: "109")]))
    let data = try BoardQuery.Data.from(query)
    #expect(
      data.launches.errors.map(\.path) == [[.key("launches"), .key("launches"), .index(0), .key("site")]])
  }
}
