import Foundation

/// Renders the launch records of a `Fixtures/launches.json`-shaped file as a Swift array literal
/// of `CatalogLaunch` values, so the backend starts without decoding JSON.
///
/// Decoding the catalog with `JSONDecoder` at start-up was a fifth of a one-shot `launch 5`
/// (measured with `perf record`; see docs/startup.md). This tool only transcribes the fields; the
/// full checks (`LaunchRecord.decodeAll`, with messages naming flight and field) run in the test
/// suite, which asserts that the transcribed catalog equals the checked decoding of the file.
///
/// - Throws: `EmbedError` naming the record and field when the file is not an array of records
///   with the fields the catalog serves.
func launchCatalogLiteral(name: String, text: String, path: String) throws -> String {
  let records: [[String: Any]]
  do {
    guard let array = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]]
    else { throw EmbedError("\(name): '\(path)' is not a JSON array of objects") }
    records = array
  } catch let error as EmbedError {
    throw error
  } catch {
    throw EmbedError("\(name): '\(path)' is not valid JSON: \(error.localizedDescription)")
  }
  var lines: [String] = []
  for (index, record) in records.enumerated() {
    func value(_ keyPath: String) -> Any? {
      var current: Any? = record
      for key in keyPath.split(separator: ".") {
        current = (current as? [String: Any])?[String(key)]
      }
      return current
    }
    func string(_ keyPath: String) throws -> String {
      guard let text = value(keyPath) as? String else {
        throw EmbedError("\(name): record \(index) of '\(path)': \(keyPath) must be a string")
      }
      return swiftStringLiteral(text)
    }
    func optionalString(_ keyPath: String) throws -> String {
      switch value(keyPath) {
      case nil, is NSNull: return "nil"
      case let text as String: return swiftStringLiteral(text)
      default: throw EmbedError("\(name): record \(index) of '\(path)': \(keyPath) must be a string or null")
      }
    }
    func integer(_ keyPath: String) throws -> Int {
      guard let number = value(keyPath) as? NSNumber, let integer = Int(exactly: number.doubleValue) else {
        throw EmbedError("\(name): record \(index) of '\(path)': \(keyPath) must be an integer")
      }
      return integer
    }
    lines.append(
      """
          CatalogLaunch(
            id: \(try integer("flight_number")), missionName: \(try string("mission_name")),
            site: \(try string("launch_site.site_name")), siteID: \(try string("launch_site.site_id")),
            missionPatchSmall: \(try optionalString("links.mission_patch_small")),
            missionPatchLarge: \(try optionalString("links.mission_patch")),
            rocketID: \(try string("rocket.rocket_id")), rocketName: \(try string("rocket.rocket_name")),
            rocketType: \(try string("rocket.rocket_type")),
            launchDate: Date(timeIntervalSince1970: \(try integer("launch_date_unix")))),
      """)
  }
  return "  static let \(name): [CatalogLaunch] = [\n" + lines.joined(separator: "\n") + "\n  ]\n"
}

/// `text` as a one-line Swift string literal: quotes, backslashes and every control character
/// escaped, everything else as it is.
func swiftStringLiteral(_ text: String) -> String {
  var literal = "\""
  for scalar in text.unicodeScalars {
    switch scalar {
    case "\"": literal += "\\\""
    case "\\": literal += "\\\\"
    case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
      literal += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
    default: literal.unicodeScalars.append(scalar)
    }
  }
  return literal + "\""
}
