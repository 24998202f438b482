import LaunchBoard
import LaunchBoardAPITestMocks
import Testing

/// The board's lines from data built out of the generated mocks: no server.
@Suite struct BoardLinesTests {
  @Test func aLinePerLaunchWithWhatIsKnown() throws {
    let query = Mock<Query>(
      launches: Mock<LaunchConnection>(launches: [
        Mock<Launch>(
          id: "110", site: "KSC LC 39A", mission: Mock<Mission>(name: "CRS-21"),
          rocket: Mock<Rocket>(name: "Falcon 9")),
        nil,
        Mock<Launch>(id: "109"),
      ]))
    let data = try BoardQuery.Data.from(query)
    #expect(BoardLines.lines(data) == ["110  CRS-21  Falcon 9  KSC LC 39A", "109  ?  ?  ?"])
  }

  @Test func aMockMissingANonNullFieldSaysWhich() {
    let query = Mock<Query>(launches: Mock<LaunchConnection>(launches: [Mock<Launch>(site: "KSC")]))
    #expect(
      throws: MockDataError(
        path: [.key("launches"), .key("launches"), .index(0), .key("id")],
        reason: "Launch.id is not set and cannot be null")
    ) {
      try BoardQuery.Data.from(query)
    }
  }
}
