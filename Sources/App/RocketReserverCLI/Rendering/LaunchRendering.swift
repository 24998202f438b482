import RocketReserverAPI

/// How launches look in tables and lines.
enum LaunchRendering {
  /// `Falcon 9 FT`, or whichever parts are known.
  static func rocket(name: String?, type: String?) -> String {
    [name, type].compactMap { $0 }.joined(separator: " ")
  }

  /// A table of listed launches (id, mission, rocket, site, booked).
  static func table(_ launches: [LaunchListQuery.Data.Launches.Launch]) -> Table {
    var table = Table(
      header: ["ID", "MISSION", "ROCKET", "SITE", "BOOKED"], shrinkable: [1, 2, 3], markColumn: 4)
    for launch in launches {
      table.rows.append([
        launch.id, launch.mission?.name ?? "", rocket(name: launch.rocket?.name, type: launch.rocket?.type),
        launch.site ?? "", launch.isBooked ? "yes" : "",
      ])
    }
    return table
  }
}
