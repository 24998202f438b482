import GraphQLAPI
import GraphQLWire
import RocketClient
import RocketReserverAPI
import Testing

/// An answer to `onError: NULL` holds null where an operation reads a non-null value, at a field
/// that failed: the client moves that null up to the nearest nullable position, as `PROPAGATE`
/// would have, and keeps the rest; a null no error explains is still a decoding error.
@Suite struct NullPropagationTests {
  static func details(rocketID: String, errorPath: String?) throws -> JSON {
    let errors = errorPath.map { #","errors":[{"message":"no rocket id","path":\#($0)}]"# } ?? ""
    return try JSON(
      parsing: #"""
        {"data":{"launch":{"__typename":"Launch","id":"1","site":"Kwajalein Atoll",
         "mission":{"__typename":"Mission","name":"FalconSat","missionPatch":null},
         "rocket":{"__typename":"Rocket","id":\#(rocketID),"name":"Falcon 1","type":"Merlin A"},
         "isBooked":false}}\#(errors)}
        """#)
  }

  @Test func aFailedNonNullFieldNullsItsNearestNullableParent() throws {
    let response = try Self.details(rocketID: "null", errorPath: #"["launch","rocket","id"]"#)
    let result = try GraphQLResult<LaunchDetailsQuery.Data>(
      response: response, operationName: "LaunchDetails", endpointKey: "test")
    let launch = try #require(result.data?.launch)
    #expect(launch.rocket == nil)
    #expect(launch.mission?.name == "FalconSat")
    #expect(launch.site == "Kwajalein Atoll")
    #expect(result.errors.map(\.message) == ["no rocket id"])
  }

  @Test func aNullNoErrorExplainsIsStillWrong() throws {
    let response = try Self.details(rocketID: "null", errorPath: nil)
    #expect(throws: RocketClientError.self) {
      try GraphQLResult<LaunchDetailsQuery.Data>(
        response: response, operationName: "LaunchDetails", endpointKey: "test")
    }
  }

  @Test func aFailureAtTheRootLeavesNoData() throws {
    let response = try JSON(
      parsing:
        #"{"data":{"totalTripsBooked":null,"launches":null},"errors":[{"message":"down","path":["launches"]}]}"#
    )
    let result = try GraphQLResult<LaunchListQuery.Data>(
      response: response, operationName: "LaunchList", endpointKey: "test")
    #expect(result.data == nil)
    #expect(result.errors.count == 1)
  }
}
