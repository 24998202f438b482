import CommandLineKit
import Glibc
import POSIXFiles

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
    /// The file is not valid JSON, or not in the credentials layout. It is never overwritten:
    /// reading, saving and removing all refuse until the user repairs or removes it.
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
