import FoundationEssentials

/// A launch as stored in `Fixtures/launches.json`: the SpaceX API v3 record shape, limited to the
/// fields the API serves. Only used while decoding; the rest of the module sees `CatalogLaunch`.
struct LaunchRecord: Decodable {
  struct Site: Decodable {
    let site_id: String
    let site_name: String
  }

  struct Links: Decodable {
    let mission_patch: String?
    let mission_patch_small: String?
  }

  struct Rocket: Decodable {
    let rocket_id: String
    let rocket_name: String
    let rocket_type: String
  }

  let flight_number: Int
  let mission_name: String
  let launch_date_unix: Int
  let launch_date_utc: String
  let launch_site: Site
  let links: Links
  let rocket: Rocket
}

/// Reads only a record's flight number, never failing, so that an error elsewhere in the record
/// can name the flight it belongs to.
private struct FlightNumberProbe: Decodable {
  private enum Keys: String, CodingKey { case flight_number }
  let flightNumber: Int?

  init(from decoder: any Decoder) {
    flightNumber = try? decoder.container(keyedBy: Keys.self).decode(Int.self, forKey: .flight_number)
  }
}

extension LaunchRecord {
  /// Decodes and checks every record of a catalog file, in file order.
  /// - Throws: `CatalogError.invalidJSON` when `data` is not a JSON array, or
  ///   `CatalogError.invalidRecord` naming the flight and field of the first bad record.
  static func decodeAll(from data: Data) throws(CatalogError) -> [CatalogLaunch] {
    let decoder = JSONDecoder()
    let flights: [Int?]
    do {
      flights = try decoder.decode([FlightNumberProbe].self, from: data).map(\.flightNumber)
    } catch {
      throw .invalidJSON(reason: Self.reason(for: error))
    }
    let records: [LaunchRecord]
    do {
      records = try decoder.decode([LaunchRecord].self, from: data)
    } catch let error as DecodingError {
      throw Self.catalogError(for: error, flights: flights)
    } catch {
      throw .invalidJSON(reason: Self.reason(for: error))
    }
    return try records.enumerated().map { (index, record) throws(CatalogError) in
      try record.validated(index: index)
    }
  }

  /// Checks the values a JSON decoder cannot and converts the record to a `CatalogLaunch`.
  /// - Throws: `CatalogError.invalidRecord` for the first bad field.
  func validated(index: Int) throws(CatalogError) -> CatalogLaunch {
    func fail(_ field: String, _ reason: String) -> CatalogError {
      .invalidRecord(index: index, flightNumber: flight_number, field: field, reason: reason)
    }
    guard flight_number >= 1 else { throw fail("flight_number", "must be at least 1") }
    let texts: [(String, String)] = [
      ("mission_name", mission_name), ("launch_site.site_id", launch_site.site_id),
      ("launch_site.site_name", launch_site.site_name), ("rocket.rocket_id", rocket.rocket_id),
      ("rocket.rocket_name", rocket.rocket_name), ("rocket.rocket_type", rocket.rocket_type),
    ]
    for (field, text) in texts where text.allSatisfy(\.isWhitespace) {
      throw fail(field, "must not be empty")
    }
    for (field, url) in [
      ("links.mission_patch", links.mission_patch), ("links.mission_patch_small", links.mission_patch_small),
    ] {
      if let url, !(url.hasPrefix("https://") || url.hasPrefix("http://")) {
        throw fail(field, "'\(url)' is not an http(s) URL")
      }
    }
    let launchDate = Date(timeIntervalSince1970: TimeInterval(launch_date_unix))
    guard let utc = try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(launch_date_utc)
    else { throw fail("launch_date_utc", "'\(launch_date_utc)' is not an ISO 8601 UTC time") }
    guard utc == launchDate else {
      throw fail(
        "launch_date_utc", "'\(launch_date_utc)' disagrees with launch_date_unix \(launch_date_unix)")
    }
    return CatalogLaunch(
      id: flight_number, missionName: mission_name, site: launch_site.site_name,
      siteID: launch_site.site_id, missionPatchSmall: links.mission_patch_small,
      missionPatchLarge: links.mission_patch, rocketID: rocket.rocket_id,
      rocketName: rocket.rocket_name, rocketType: rocket.rocket_type, launchDate: launchDate)
  }

  /// Turns a decoding error inside the array into a message naming the record and field.
  private static func catalogError(for error: DecodingError, flights: [Int?]) -> CatalogError {
    let (path, reason): ([any CodingKey], String)
    switch error {
    case .keyNotFound(let key, let context):
      (path, reason) = (context.codingPath + [key], "is missing")
    case .valueNotFound(let type, let context):
      (path, reason) = (context.codingPath, "is null, expected \(Self.typeName(type))")
    case .typeMismatch(let type, let context):
      (path, reason) = (context.codingPath, "has the wrong type, expected \(Self.typeName(type))")
    case .dataCorrupted(let context):
      (path, reason) = (context.codingPath, context.debugDescription)
    @unknown default:
      return .invalidJSON(reason: Self.reason(for: error))
    }
    guard let index = path.first?.intValue else { return .invalidJSON(reason: reason) }
    let field = path.dropFirst().map(\.stringValue).joined(separator: ".")
    let flight = flights.indices.contains(index) ? flights[index] : nil
    return .invalidRecord(
      index: index, flightNumber: flight, field: field.isEmpty ? "(record)" : field, reason: reason)
  }

  private static func typeName(_ type: Any.Type) -> String {
    switch type {
    case is String.Type, is String?.Type: return "a string"
    case is Int.Type: return "an integer"
    default: return "an object"
    }
  }

  private static func reason(for error: any Error) -> String {
    guard let decoding = error as? DecodingError else { return String(describing: error) }
    switch decoding {
    case .dataCorrupted(let context): return context.debugDescription
    case .typeMismatch(_, let context): return context.debugDescription
    default: return String(describing: decoding)
    }
  }
}
