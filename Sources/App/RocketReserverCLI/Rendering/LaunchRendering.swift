import CommandLineKit
import GraphQLWire
import RocketReserverAPI

/// How launches look in tables and lines.
enum LaunchRendering {
  /// `Falcon 9 FT`, or whichever parts are known.
  static func rocket(name: String?, type: String?) -> String {
    [name, type].compactMap { $0 }.joined(separator: " ")
  }

  /// A table of listed launches; a cell whose field failed (`failed`: columns by launch id) reads
  /// `failed`.
  static func table(_ launches: [LaunchListQuery.Data.Launches.Launch], failed: [String: Set<String>] = [:])
    -> Table
  {
    var table = Table(
      header: ["ID", "MISSION", "ROCKET", "SITE", "BOOKED"], shrinkable: [1, 2, 3], markColumn: 4)
    for launch in launches {
      var row = [
        launch.id, launch.mission?.name ?? "", rocket(name: launch.rocket?.name, type: launch.rocket?.type),
        launch.site ?? "", launch.isBooked ? "yes" : "",
      ]
      for column in failed[launch.id] ?? [] {
        if let index = table.header.firstIndex(of: column) { row[index] = "failed" }
      }
      table.rows.append(row)
    }
    return table
  }

  /// The fields that failed in `LaunchList` answers, and the columns they fail by launch id (an
  /// error at `launches.launches[3].rocket` fails the ROCKET cell of that answer's fourth launch).
  static func failures(in answers: [(data: JSON, errors: JSON)]) -> (
    fields: [FailedField], columns: [String: Set<String>]
  ) {
    var fields: [FailedField] = []
    var columns: [String: Set<String>] = [:]
    for (data, errors) in answers {
      let failed = FailedField.all(in: (errors.arrayValue ?? []).map(GraphQLError.init(responseJSON:)))
      fields += failed
      for field in failed where field.key(at: 0) == "launches" && field.key(at: 1) == "launches" {
        guard field.path.count > 3, case .index(let index) = field.path[2],
          let id = data["launches"]?["launches"]?[index]?["id"]?.stringValue,
          let column = ["mission": "MISSION", "rocket": "ROCKET", "site": "SITE", "isBooked": "BOOKED"][
            field.key(at: 3) ?? ""]
        else { continue }
        columns[id, default: []].insert(column)
      }
    }
    return (fields, columns)
  }
}
