import GraphQLAPI
import GraphQLWire
import RocketReserverAPI
import Testing

/// `LaunchDetails` defers `isBooked` (`... @defer(label: "booking")`): the generated `Launch`
/// decodes each stage of the answer, the fragment pending until its part is merged in.
@Suite struct DeferredFragmentDecodingTests {
  static func launch(isBooked: Bool?) -> JSON {
    var launch: JSONObject = [
      "id": .string("42"), "site": .string("KSC LC 39A"), "__typename": .string("Launch"),
      "mission": .object([
        "name": .string("Starlink-15 (v1.0)"), "missionPatch": .null, "__typename": .string("Mission"),
      ]),
      "rocket": .object([
        "id": .string("falcon9"), "name": .string("Falcon 9"), "type": .string("FT"),
        "__typename": .string("Rocket"),
      ]),
    ]
    if let isBooked { launch["isBooked"] = .bool(isBooked) }
    return .object(["launch": .object(launch)])
  }

  static func decode(_ data: JSON) throws -> LaunchDetailsQuery.Data {
    guard case .object(let object) = data else {
      throw ResponseDecodingError(path: [], reason: "not an object")
    }
    return try LaunchDetailsQuery.Data(object: object, path: [])
  }

  @Test func theFirstStageHasTheFragmentPending() throws {
    let launch = try #require(try Self.decode(Self.launch(isBooked: nil)).launch)
    #expect(launch.site == "KSC LC 39A")
    #expect(launch.booking == nil)
    #expect(launch.$booking == .pending)
  }

  @Test func theMergedStageHasItFulfilled() throws {
    let launch = try #require(try Self.decode(Self.launch(isBooked: true)).launch)
    #expect(launch.booking?.isBooked == true)
    guard case .fulfilled(let booking) = launch.$booking else {
      Issue.record("expected the booking fragment fulfilled, got \(launch.$booking)")
      return
    }
    #expect(booking.isBooked)
  }

  @Test func aDeferredFieldOfTheWrongTypeIsStillAnError() throws {
    var data = Self.launch(isBooked: nil)
    if case .object(var root) = data, case .object(var launch)? = root["launch"] {
      launch["isBooked"] = .string("yes")
      root["launch"] = .object(launch)
      data = .object(root)
    }
    #expect(throws: ResponseDecodingError.self) { try Self.decode(data) }
  }

  /// The cache stores and rebuilds the final answer: the deferred field is in the selections,
  /// conditional, since an answer whose deferred part failed ends without it.
  @Test func theSelectionsCarryTheDeferredFieldsAsConditional() {
    let selections = LaunchDetailsQuery.Data.Launch.__selections
    #expect(selections.contains(.field("isBooked", type: .nonNull(.named("Boolean")), isConditional: true)))
    #expect(selections.contains(.field("site", type: .named("String"))))
    let typenames = selections.filter {
      if case .field(let field) = $0 { field.responseKey == "__typename" } else { false }
    }
    #expect(typenames.count == 1)
  }
}
