import Glibc

extension PrivateDirectory {
  /// Why a private directory cannot be prepared.
  package enum DirectoryError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Something other than a directory (or a symbolic link) sits at the path.
    case notADirectory(path: String)
    /// The directory belongs to another user, so its contents could be read or replaced by them.
    case ownedByAnotherUser(path: String, owner: uid_t)
    /// A system call failed; `operation` is a verb phrase such as "create directory".
    case systemCall(operation: String, path: String, code: Int32)

    /// A one-line message for the user, naming the path and what to do.
    package var description: String {
      switch self {
      case .notADirectory(let path):
        return "\(path) is not a directory (or is a symbolic link); move it aside so it can be created"
      case .ownedByAnotherUser(let path, let owner):
        return "directory \(path) belongs to another user (uid \(owner)); refusing to keep secrets in it"
      case .systemCall(let operation, let path, let code):
        return "cannot \(operation) \(path): \(systemErrorMessage(code))"
      }
    }
  }
}
