import Foundation
import Testing

@testable import LaunchBackend

/// Facts about the shipped catalog (`Fixtures/launches.json`), checked through the embedded copy.
@Suite struct LaunchFixtureTests {
  static let sites: [String: String] = [
    "kwajalein_atoll": "Kwajalein Atoll", "ccafs_slc_40": "CCAFS SLC 40",
    "ksc_lc_39a": "KSC LC 39A", "vafb_slc_4e": "VAFB SLC 4E",
  ]
  static let rockets: [String: (name: String, types: Set<String>)] = [
    "falcon1": ("Falcon 1", ["Merlin A", "Merlin C"]),
    "falcon9": ("Falcon 9", ["v1.0", "v1.1", "FT"]),
    "falconheavy": ("Falcon Heavy", ["FT"]),
  ]

  @Test func flightsOneToOneHundredTenEachOnce() throws {
    let ids = try LaunchCatalog.embedded.launches.map(\.id)
    #expect(ids.sorted() == Array(1...110))
    #expect(Set(ids).count == ids.count)
  }

  @Test func fileListsEveryRecordOnceInAscendingOrder() throws {
    let records = try #require(
      try JSONSerialization.jsonObject(with: Data(contentsOf: RepositoryFiles.launchesJSON))
        as? [[String: Any]])
    #expect(records.compactMap { $0["flight_number"] as? Int } == Array(1...110))
    let expectedKeys: Set<String> = [
      "flight_number", "mission_name", "launch_date_unix", "launch_date_utc", "launch_site", "links",
      "rocket",
    ]
    #expect(records.allSatisfy { Set($0.keys) == expectedKeys })
  }

  @Test func firstFlightIsFalconSat() throws {
    let launch = try #require(try LaunchCatalog.embedded.launch(id: 1))
    #expect(launch.missionName == "FalconSat")
    #expect(launch.site == "Kwajalein Atoll")
    #expect(launch.siteID == "kwajalein_atoll")
    #expect(launch.rocketID == "falcon1")
    #expect(launch.rocketName == "Falcon 1")
    #expect(launch.rocketType == "Merlin A")
    #expect(Self.day(launch.launchDate) == "2006-03-24")
    #expect(launch.missionPatchSmall == "https://images2.imgbox.com/3c/0e/T8iJcSN3_o.png")
    #expect(launch.missionPatchLarge == "https://images2.imgbox.com/40/e3/GypSkayF_o.png")
  }

  @Test func lastFlightIsCRS21() throws {
    let launch = try #require(try LaunchCatalog.embedded.launch(id: 110))
    #expect(launch.missionName == "CRS-21")
    #expect(launch.site == "KSC LC 39A")
    #expect(launch.rocketID == "falcon9")
    #expect(launch.rocketName == "Falcon 9")
    #expect(launch.rocketType == "FT")
    #expect(Self.day(launch.launchDate) == "2020-12-06")
    #expect(launch.launchDate.timeIntervalSince1970 == 1_607_271_420)
  }

  @Test func everySiteAndRocketIsOneTheAPIAllows() throws {
    for launch in try LaunchCatalog.embedded.launches {
      #expect(Self.sites[launch.siteID] == launch.site, "flight \(launch.id)")
      let rocket = try #require(Self.rockets[launch.rocketID], "flight \(launch.id)")
      #expect(rocket.name == launch.rocketName, "flight \(launch.id)")
      #expect(rocket.types.contains(launch.rocketType), "flight \(launch.id)")
    }
  }

  @Test func launchDatesIncreaseWithFlightNumber() throws {
    let oldestFirst = try LaunchCatalog.embedded.launches.reversed().map(\.launchDate)
    #expect(zip(oldestFirst, oldestFirst.dropFirst()).allSatisfy { $0 < $1 })
  }

  @Test func patchURLsAreHTTPSWhenPresent() throws {
    for launch in try LaunchCatalog.embedded.launches {
      for url in [launch.missionPatchSmall, launch.missionPatchLarge].compactMap({ $0 }) {
        #expect(url.hasPrefix("https://"), "flight \(launch.id): \(url)")
      }
    }
  }

  private static func day(_ date: Date) -> String {
    String(date.formatted(.iso8601.year().month().day()))
  }
}
