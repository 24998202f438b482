import FoundationEssentials
import GraphQLWire
import POSIXFiles
import RocketClient

/// The schemas of remote endpoints, as fetched by introspection, kept in
/// `$XDG_CACHE_HOME/rocket-reserver/schemas/` (0700) so `query` checks documents locally.
///
/// One file per endpoint, named by a hash of its URL and holding the URL itself (checked on
/// reading, so a hash collision reads as a miss), the time it was fetched and the introspection
/// result. An entry older than `maxAge` is fetched again.
struct SchemaCache: Sendable {
  let directory: String

  /// How long a fetched schema is trusted: one day.
  static let maxAge: Double = 24 * 60 * 60

  /// The cache in `<cache>/schemas`.
  init(directories: ApplicationDirectories) {
    self.init(directory: directories.cache + "/schemas")
  }

  init(directory: String) { self.directory = directory }

  func path(for endpoint: String) -> String {
    // FNV-1a, 64 bits: a stable file name from the URL (Swift's Hasher is seeded per process).
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in endpoint.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x0000_0100_0000_01B3
    }
    let hex = String(hash, radix: 16)
    return directory + "/" + String(repeating: "0", count: 16 - hex.count) + hex + ".json"
  }

  /// The introspection result stored for `endpoint`, if it is younger than `maxAge` at `now`.
  func introspection(for endpoint: String, now: Date = Date()) -> JSON? {
    guard let data = FileManager.default.contents(atPath: path(for: endpoint)),
      let entry = try? JSON(parsing: [UInt8](data)),
      entry["endpoint"]?.stringValue == endpoint,
      let fetched = entry["fetchedAt"]?.intValue,
      let introspection = entry["introspection"], !introspection.isNull
    else { return nil }
    let age = now.timeIntervalSince1970 - Double(fetched)
    return age >= 0 && age < Self.maxAge ? introspection : nil
  }

  /// Stores `introspection` for `endpoint`, fetched at `now`, replacing any older entry.
  func store(_ introspection: JSON, for endpoint: String, now: Date = Date()) throws {
    try PrivateDirectory.ensure(directory)
    let entry: JSON = .object([
      "endpoint": .string(endpoint), "fetchedAt": .int(Int(now.timeIntervalSince1970)),
      "introspection": introspection,
    ])
    try Data(entry.encodedString.utf8).write(to: URL(filePath: path(for: endpoint)), options: .atomic)
  }
}
