import GraphQL
import GraphQLWire
import Testing

@Suite struct BackendQueryTests {
  static let launchList = """
    query LaunchList($pageSize: Int, $after: String) {
      launches(pageSize: $pageSize, after: $after) {
        cursor hasMore
        launches { id site isBooked mission { name missionPatch(size: SMALL) } }
      }
    }
    """

  /// Walks `launches` through GraphQL from the first page until `hasMore` is false.
  static func walk(_ harness: BackendHarness, pageSize: Int) throws -> [[String]] {
    var pages: [[String]] = []
    var after: JSON = .null
    while pages.count <= 111 {
      let response = harness.run(launchList, variables: ["pageSize": .int(pageSize), "after": after])
      #expect(response["errors"] == nil, "\(response)")
      let connection = try #require(response["data"]?["launches"])
      pages.append(connection["launches"]?.ids ?? [])
      guard connection["hasMore"] == .bool(true) else { return pages }
      after = try #require(connection["cursor"])
    }
    Issue.record("pagination does not end")
    return pages
  }

  @Test(arguments: [1, 7, 20, 100])
  func walkingPagesReturnsEveryLaunchOnceNewestFirst(pageSize: Int) throws {
    let harness = try BackendHarness()
    let pages = try Self.walk(harness, pageSize: pageSize)
    #expect(pages.flatMap { $0 } == (1...110).reversed().map(String.init))
    #expect(pages.count == (110 + pageSize - 1) / pageSize)
    #expect(pages.dropLast().allSatisfy { $0.count == pageSize })
  }

  @Test func defaultPageIsTheTwentyNewestLaunchesWithFields() throws {
    let harness = try BackendHarness()
    let response = harness.run(Self.launchList)
    let connection = try #require(response["data"]?["launches"])
    #expect(response["errors"] == nil)
    #expect(connection["launches"]?.ids == (91...110).reversed().map(String.init))
    #expect(connection["hasMore"] == .bool(true))
    let newest = try #require(connection["launches"]?[0])
    #expect(newest["site"] == .string("KSC LC 39A"))
    #expect(newest["isBooked"] == .bool(false))
    #expect(newest["mission"]?["name"] == .string("CRS-21"))
    #expect(newest["mission"]?["missionPatch"] == .string("https://imgur.com/jHNFSY6.png"))
    #expect(connection["cursor"]?.stringValue?.isEmpty == false)
  }

  @Test func pageSizeAboveOneHundredIsClampedTo100() throws {
    let harness = try BackendHarness()
    let response = harness.run("{ launches(pageSize: 500) { hasMore launches { id } } }")
    #expect(response["data"]?["launches"]?["launches"]?.arrayValue?.count == 100)
    #expect(response["data"]?["launches"]?["hasMore"] == .bool(true))
  }

  @Test(arguments: [0, -5])
  func pageSizeBelowOneIsABadUserInputFieldError(pageSize: Int) throws {
    let harness = try BackendHarness()
    let response = harness.run(
      "query($n: Int) {\n  launches(pageSize: $n) { cursor }\n}", variables: ["n": .int(pageSize)])
    // launches is non-null, so the null propagates to data.
    #expect(response["data"] == .null)
    let error = try #require(response["errors"]?[0])
    #expect(error["message"] == .string("pageSize must be at least 1, but it was \(pageSize)."))
    #expect(error["extensions"]?["code"] == .string("BAD_USER_INPUT"))
    #expect(error["path"] == .array([.string("launches")]))
    #expect(error["locations"] == .array([.object(["line": .int(2), "column": .int(3)])]))
  }

  @Test func unknownCursorIsABadUserInputFieldError() throws {
    let harness = try BackendHarness()
    for cursor in ["nonsense", "", "bGF1bmNoOjk5OQ"] {  // the last names flight 999
      let response = harness.run(
        "query($a: String) { launches(after: $a) { cursor } }", variables: ["a": .string(cursor)])
      #expect(response["data"] == .null)
      #expect(BackendHarness.codes(response) == ["BAD_USER_INPUT"])
      #expect(BackendHarness.messages(response).first?.contains("cursor") == true)
    }
  }

  @Test func pastTheEndThePageIsEmptyAndRepeatsTheCursor() throws {
    let harness = try BackendHarness()
    let last = harness.run(
      #"{ launches(pageSize: 100, after: "bGF1bmNoOjEx") { cursor hasMore launches { id } } }"#)
    // "bGF1bmNoOjEx" is the cursor of flight 11; ten launches remain.
    #expect(last["data"]?["launches"]?["launches"]?.ids == (1...10).reversed().map(String.init))
    #expect(last["data"]?["launches"]?["hasMore"] == .bool(false))
    let endCursor = try #require(last["data"]?["launches"]?["cursor"]?.stringValue)
    let past = harness.run(
      "query($a: String) { launches(after: $a) { cursor hasMore launches { id } } }",
      variables: ["a": .string(endCursor)])
    #expect(past["errors"] == nil)
    #expect(past["data"]?["launches"]?["launches"] == .array([]))
    #expect(past["data"]?["launches"]?["hasMore"] == .bool(false))
    #expect(past["data"]?["launches"]?["cursor"] == .string(endCursor))
  }

  @Test func launchByIDHasEveryField() throws {
    let harness = try BackendHarness()
    let response = harness.run(
      """
      { launch(id: 1) { id site isBooked
          mission { name small: missionPatch(size: SMALL) large: missionPatch(size: LARGE) patch: missionPatch }
          rocket { id name type } } }
      """)
    #expect(response["errors"] == nil, "\(response)")
    let launch = try #require(response["data"]?["launch"])
    #expect(launch["id"] == .string("1"))
    #expect(launch["site"] == .string("Kwajalein Atoll"))
    #expect(launch["isBooked"] == .bool(false))
    #expect(launch["mission"]?["name"] == .string("FalconSat"))
    #expect(launch["mission"]?["small"] == .string("https://images2.imgbox.com/3c/0e/T8iJcSN3_o.png"))
    #expect(launch["mission"]?["large"] == .string("https://images2.imgbox.com/40/e3/GypSkayF_o.png"))
    #expect(launch["mission"]?["patch"] == launch["mission"]?["large"])
    #expect(
      launch["rocket"]
        == .object(["id": .string("falcon1"), "name": .string("Falcon 1"), "type": .string("Merlin A")]))
  }

  @Test(arguments: ["abc", "999", "0", "07", "+7", " 7", "1.0", ""])
  func launchWithAnIDThatNamesNoLaunchIsNull(id: String) throws {
    let harness = try BackendHarness()
    let response = harness.run("query($id: ID!) { launch(id: $id) { id } }", variables: ["id": .string(id)])
    #expect(response == .object(["data": .object(["launch": .null])]))
  }

  @Test func anonymousCallerHasNoMeAndSeesTotals() throws {
    let harness = try BackendHarness()
    let response = harness.run("{ me { id } totalTripsBooked }")
    #expect(response == .object(["data": .object(["me": .null, "totalTripsBooked": .int(0)])]))
  }
}
