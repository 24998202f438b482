import GraphQLWire
import RocketReserverAPITestMocks
import Testing

/// Data of the generated operations built from the generated mocks of Operations/schema.graphqls,
/// with no server: nested mocks and lists, fields the operation does not select, arguments,
/// nulls, and the errors for what a mock leaves unset.
@Suite struct MockDataTests {
  static func launch(_ id: String, booked: Bool = false) -> Mock<Launch> {
    Mock<Launch>(
      id: id, site: "KSC LC 39A",
      mission: Mock<Mission>(name: "Mission \(id)", missionPatch: "https://patch/\(id)"),
      rocket: Mock<Rocket>(id: "falcon9", name: "Falcon 9", type: "FT"), isBooked: booked)
  }

  @Test func aQueryDataIsBuiltFromNestedMocksAndLists() throws {
    let query = Mock<Query>(
      launches: Mock<LaunchConnection>(
        cursor: "108", hasMore: true, launches: [Self.launch("110", booked: true), nil, Self.launch("109")]))
    let data = try LaunchListQuery.Data.from(query)
    #expect(data.launches.cursor == "108")
    #expect(data.launches.hasMore)
    #expect(data.launches.launches.count == 3)
    #expect(data.launches.launches[0]?.id == "110")
    #expect(data.launches.launches[0]?.isBooked == true)
    #expect(data.launches.launches[0]?.mission?.missionPatch == "https://patch/110")
    #expect(data.launches.launches[0]?.rocket?.type == "FT")
    #expect(data.launches.launches[1] == nil)
    #expect(data.launches.launches[2]?.site == "KSC LC 39A")
  }

  @Test func oneMockServesEveryOperationThatSelectsIt() throws {
    let launch = Self.launch("42")
    let details = try LaunchDetailsQuery.Data.from(Mock<Query>(launch: launch))
    #expect(details.launch?.rocket?.id == "falcon9")
    #expect(details.launch?.mission?.name == "Mission 42")
    let booked = try BookTripsMutation.Data.from(
      Mock<Mutation>(bookTrips: Mock<TripUpdateResponse>(success: true, launches: [launch])))
    #expect(booked.bookTrips.success)
    #expect(booked.bookTrips.message == nil)
    #expect(booked.bookTrips.launches?.first??.id == "42")
  }

  @Test func propertiesAreSettableAndReadBack() {
    var launch = Mock<Launch>()
    #expect(launch.id == nil)
    launch.id = "7"
    launch.mission = Mock<Mission>(name: "Seven")
    launch.mission?.missionPatch = "p"
    #expect(launch.id == "7")
    #expect(launch.mission?.name == "Seven")
    #expect(launch.mission?.missionPatch == "p")
    launch.id = nil
    #expect(launch.id == nil)
  }

  @Test func anUnsetNullableFieldIsNull() throws {
    let query = Mock<Query>(launch: Mock<Launch>(id: "1", isBooked: false))
    let data = try LaunchDetailsQuery.Data.from(query)
    #expect(data.launch?.site == nil)
    #expect(data.launch?.mission == nil)
    #expect(try LaunchDetailsQuery.Data.from(Mock<Query>()).launch == nil)
  }

  @Test func anUnsetNonNullFieldIsAnErrorNamingItsPath() {
    let query = Mock<Query>(
      launches: Mock<LaunchConnection>(cursor: "1", hasMore: false, launches: [Mock<Launch>(id: "1")]))
    #expect(throws: MockDataError.self) { try LaunchListQuery.Data.from(query) }
    do {
      _ = try LaunchListQuery.Data.from(query)
    } catch {
      #expect(
        error.description
          == "mock data at launches.launches.0.isBooked: Launch.isBooked is not set and cannot be null")
    }
  }

  @Test func enumsAreMockFieldValues() {
    let sizes: [PatchSize] = [.small, .large]
    #expect(sizes.mockValue == .list([.scalar(.string("SMALL")), .scalar(.string("LARGE"))]))
    #expect([PatchSize](mockValue: sizes.mockValue) == sizes)
  }
}
