import Foundation
import Testing

@testable import LaunchBackend

@Suite struct LaunchCatalogTests {
  /// A minimal valid v3 record, with fields overridable by JSON fragments.
  static func record(
    _ flight: Int, name: String = "Test", unix: Int = 1_143_239_400,
    utc: String = "2006-03-24T22:30:00.000Z", patch: String = "null", rocketType: String = "\"FT\""
  ) -> String {
    """
    {"flight_number": \(flight), "mission_name": "\(name)", "launch_date_unix": \(unix),
     "launch_date_utc": "\(utc)",
     "launch_site": {"site_id": "ksc_lc_39a", "site_name": "KSC LC 39A"},
     "links": {"mission_patch": \(patch), "mission_patch_small": null},
     "rocket": {"rocket_id": "falcon9", "rocket_name": "Falcon 9", "rocket_type": \(rocketType)}}
    """
  }

  static func catalog(_ records: String...) throws(CatalogError) -> LaunchCatalog {
    try LaunchCatalog(json: Data("[\(records.joined(separator: ","))]".utf8))
  }

  @Test func launchesAreNewestFirstWhateverTheFileOrder() throws {
    let catalog = try Self.catalog(Self.record(2), Self.record(7), Self.record(1), Self.record(4))
    #expect(catalog.launches.map(\.id) == [7, 4, 2, 1])
    #expect(try LaunchCatalog.embedded.launches.map(\.id) == Array((1...110).reversed()))
  }

  @Test func launchByIDFindsExactlyTheCatalogsFlights() throws {
    let catalog = try LaunchCatalog.embedded
    #expect(catalog.launch(id: 55)?.missionName == "Falcon Heavy Test Flight")
    #expect(catalog.launch(id: 55)?.rocketID == "falconheavy")
    #expect(catalog.launch(id: 0) == nil)
    #expect(catalog.launch(id: 111) == nil)
    #expect(catalog.launch(id: -1) == nil)
  }

  @Test func recordFieldsMapToTheLaunch() throws {
    let catalog = try Self.catalog(
      Self.record(9, name: "Demo", patch: "\"https://example.com/p.png\""))
    let launch = try #require(catalog.launch(id: 9))
    #expect(launch.missionName == "Demo")
    #expect(launch.site == "KSC LC 39A")
    #expect(launch.missionPatchLarge == "https://example.com/p.png")
    #expect(launch.missionPatchSmall == nil)
    #expect(launch.launchDate == Date(timeIntervalSince1970: 1_143_239_400))
  }

  @Test func aMissingFieldNamesTheFlightAndField() {
    let broken = Self.record(5).replacingOccurrences(of: "\"rocket_type\": \"FT\"", with: "\"x\": 1")
    #expect(
      throws: CatalogError.invalidRecord(
        index: 1, flightNumber: 5, field: "rocket.rocket_type", reason: "is missing")
    ) { try Self.catalog(Self.record(4), broken) }
  }

  @Test func aWrongTypeNamesTheFlightAndField() {
    #expect(
      throws: CatalogError.invalidRecord(
        index: 0, flightNumber: 3, field: "rocket.rocket_type",
        reason: "has the wrong type, expected a string")
    ) { try Self.catalog(Self.record(3, rocketType: "7")) }
  }

  @Test func aRecordWithoutFlightNumberIsNamedByPosition() throws {
    let broken = Self.record(8).replacingOccurrences(of: "\"flight_number\": 8,", with: "")
    let error = try #require(throws: CatalogError.self) { try Self.catalog(Self.record(1), broken) }
    #expect(
      error == .invalidRecord(index: 1, flightNumber: nil, field: "flight_number", reason: "is missing"))
    #expect(error.description == "launch catalog record 2, field 'flight_number': is missing")
  }

  @Test func datesThatDisagreeAreRejected() {
    #expect(throws: CatalogError.self) {
      try Self.catalog(Self.record(1, unix: 1_143_239_401))
    }
    #expect(throws: CatalogError.self) {
      try Self.catalog(Self.record(1, utc: "yesterday"))
    }
  }

  @Test func duplicateFlightNumbersAreRejected() {
    #expect(throws: CatalogError.duplicateFlightNumber(2)) {
      try Self.catalog(Self.record(2), Self.record(1), Self.record(2))
    }
  }

  @Test func nonArrayJSONIsRejected() {
    for text in ["{}", "not json", "[1, 2]", ""] {
      #expect(throws: CatalogError.self, "\(text)") { try LaunchCatalog(json: Data(text.utf8)) }
    }
  }

  @Test func errorMessagesNameTheFlight() {
    let error = CatalogError.invalidRecord(
      index: 0, flightNumber: 42, field: "links.mission_patch", reason: "is not a URL")
    #expect(error.description == "launch catalog flight 42, field 'links.mission_patch': is not a URL")
  }
}
