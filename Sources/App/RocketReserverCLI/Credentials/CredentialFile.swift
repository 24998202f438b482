import FoundationEssentials

/// The JSON layout of `credentials.json`:
///
/// ```json
/// {
///   "credentials" : {
///     "embedded" : { "email" : "ada@example.com", "token" : "..." }
///   },
///   "version" : 1
/// }
/// ```
struct CredentialFile: Codable, Equatable {
  /// The layout version this program writes and reads.
  static let currentVersion = 1

  /// What is stored for one endpoint.
  struct Entry: Codable, Equatable {
    var email: String
    var token: String
  }

  var version: Int = Self.currentVersion
  /// Entries keyed by endpoint (``Credential/endpoint``).
  var credentials: [String: Entry] = [:]

  /// Only the version, decoded first so a newer layout is reported as such, not as corruption.
  private struct VersionProbe: Decodable {
    var version: Int
  }

  /// Decodes the file's bytes.
  ///
  /// - Throws: ``FileCredentialStore/StoreError`` `.corrupt` or `.unsupportedVersion`.
  static func decode(_ data: Data, path: String) throws -> CredentialFile {
    let decoder = JSONDecoder()
    let probe: VersionProbe
    do {
      probe = try decoder.decode(VersionProbe.self, from: data)
    } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
      throw FileCredentialStore.StoreError.corrupt(path: path, reason: "not valid JSON")
    } catch {
      throw FileCredentialStore.StoreError.corrupt(path: path, reason: "missing its \"version\" number")
    }
    guard probe.version <= currentVersion else {
      throw FileCredentialStore.StoreError.unsupportedVersion(path: path, version: probe.version)
    }
    guard let file = try? decoder.decode(CredentialFile.self, from: data) else {
      throw FileCredentialStore.StoreError.corrupt(
        path: path, reason: "not in the expected layout (\"credentials\" with an email and token each)")
    }
    return file
  }

  /// The bytes to write: pretty-printed with sorted keys, so the file is stable and readable.
  func encoded() throws -> Data {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    var data = try encoder.encode(self)
    data.append(UInt8(ascii: "\n"))
    return data
  }
}
