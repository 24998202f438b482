import FoundationEssentials

/// One launch of the catalog: the fields of a SpaceX API v3 launch record that the API serves.
///
/// A plain immutable value; safe to share between tasks.
public struct CatalogLaunch: Sendable, Hashable, Identifiable {
  /// The flight number (`flight_number`), unique in the catalog; `Launch.id` is its decimal text.
  public let id: Int
  /// The mission name (`mission_name`), for example `FalconSat`.
  public let missionName: String
  /// The launch site's short name (`launch_site.site_name`), for example `KSC LC 39A`.
  public let site: String
  /// The launch site's identifier (`launch_site.site_id`), for example `ksc_lc_39a`.
  public let siteID: String
  /// The small mission patch image URL (`links.mission_patch_small`), or nil when there is none.
  public let missionPatchSmall: String?
  /// The large mission patch image URL (`links.mission_patch`), or nil when there is none.
  public let missionPatchLarge: String?
  /// The rocket identifier (`rocket.rocket_id`), for example `falcon9`.
  public let rocketID: String
  /// The rocket name (`rocket.rocket_name`), for example `Falcon 9`.
  public let rocketName: String
  /// The rocket variant (`rocket.rocket_type`), for example `FT`.
  public let rocketType: String
  /// The launch time (`launch_date_unix`, which agrees with `launch_date_utc`).
  public let launchDate: Date

  /// Creates a launch from its fields; see the properties for their meaning.
  public init(
    id: Int, missionName: String, site: String, siteID: String, missionPatchSmall: String?,
    missionPatchLarge: String?, rocketID: String, rocketName: String, rocketType: String,
    launchDate: Date
  ) {
    self.id = id
    self.missionName = missionName
    self.site = site
    self.siteID = siteID
    self.missionPatchSmall = missionPatchSmall
    self.missionPatchLarge = missionPatchLarge
    self.rocketID = rocketID
    self.rocketName = rocketName
    self.rocketType = rocketType
    self.launchDate = launchDate
  }
}
