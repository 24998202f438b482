import RocketReserverAPI

/// How launches look in tables and lines.
enum LaunchRendering {
  /// `Falcon 9 FT`, or whichever parts are known.
  static func rocket(name: String?, type: String?) -> String {
    [name, type].compactMap { $0 }.joined(separator: " ")
  }

  /// The mark in the `BOOKED` column.
  static func bookedMark(_ isBooked: Bool, style: TextStyle) -> String {
    isBooked ? style.success("yes") : ""
  }

  /// A table of a `LaunchList` page.
  static func table(_ launches: [LaunchListQuery.Data.Launches.Launch], style: TextStyle) -> String {
    var table = Table(header: ["ID", "MISSION", "ROCKET", "SITE", "BOOKED"])
    for launch in launches {
      table.rows.append([
        launch.id, launch.mission?.name ?? "", rocket(name: launch.rocket?.name, type: launch.rocket?.type),
        launch.site ?? "", bookedMark(launch.isBooked, style: style),
      ])
    }
    return table.render(style: style)
  }
}
