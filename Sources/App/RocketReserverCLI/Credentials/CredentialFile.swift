import CommandLineKit
import FoundationEssentials
import Glibc
import POSIXFiles

/// The JSON layout of `credentials.json`:
/// `{"credentials": {"embedded": {"email": "ada@example.com", "token": "..."}}, "version": 1}`.
struct CredentialFile: Codable, Equatable {
  static let currentVersion = 1

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

extension FileCredentialStore {
  /// Why the credentials file cannot be used. Every message names the file and says how to fix it.
  package enum StoreError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Group or others have some access to the file (`mode & 0o077 != 0`).
    case insecurePermissions(path: String, mode: mode_t)
    /// The file belongs to another user, who could have planted or could read its contents.
    case ownedByAnotherUser(path: String, owner: uid_t)
    /// The path is a symbolic link; it is never followed, so a link cannot redirect the secret.
    case symbolicLink(path: String)
    /// The path is a directory, FIFO, device or socket.
    case notARegularFile(path: String)
    /// The file is not valid JSON, or not in the credentials layout; every operation refuses it.
    case corrupt(path: String, reason: String)
    /// The file was written by a newer program with a layout this one does not know.
    case unsupportedVersion(path: String, version: Int)
    /// The file is far larger than any credentials file, so it is not read.
    case tooLarge(path: String, size: Int)
    /// A system call failed; `operation` is a verb such as "write".
    case systemCall(operation: String, path: String, code: Int32)

    /// A one-line message for the user. It never contains a token.
    package var description: String {
      switch self {
      case .insecurePermissions(let path, let mode):
        return "credentials file \(path) is accessible by other users (mode \(octalMode(mode))); "
          + "refusing to use it. Fix it with: chmod 600 \(ShellQuoting.quoted(path))"
      case .ownedByAnotherUser(let path, let owner):
        return "credentials file \(path) belongs to another user (uid \(owner)); refusing to use it. "
          + "Remove it, or as root run: chown \(geteuid()) \(ShellQuoting.quoted(path)) && chmod 600 "
          + ShellQuoting.quoted(path)
      case .symbolicLink(let path):
        return "credentials file \(path) is a symbolic link; refusing to follow it. "
          + "Remove the link (rm \(ShellQuoting.quoted(path))) and log in again"
      case .notARegularFile(let path):
        return "credentials file \(path) is not a regular file; move it aside and log in again"
      case .corrupt(let path, let reason):
        return "credentials file \(path) is \(reason); refusing to read or overwrite it. "
          + "Repair it, or remove it (rm \(ShellQuoting.quoted(path))) and log in again"
      case .unsupportedVersion(let path, let version):
        return "credentials file \(path) has format version \(version), newer than this program "
          + "understands; upgrade rocket-reserver or remove the file"
      case .tooLarge(let path, let size):
        return "credentials file \(path) is \(size) bytes, too large to be a credentials file; "
          + "refusing to read it"
      case .systemCall(let operation, let path, let code):
        return "cannot \(operation) credentials file \(path): \(systemErrorMessage(code))"
      }
    }
  }
}
