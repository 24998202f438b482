import Glibc

/// Directories only the current user can use: the folders of the client's cache file and of the
/// program's credentials, outbox and schema cache, which hold secrets or what the user asked for.
package enum PrivateDirectory {
  /// Makes sure the absolute `path` is a directory only the current user can use: missing
  /// components are created 0700 (as XDG asks); the last must be the user's and no symbolic
  /// link, and is narrowed to 0700 if group or others may enter.
  /// - Throws: ``DirectoryError`` naming the path that could not be prepared.
  package static func ensure(_ path: String) throws {
    _ = try ensureAndOpen(path)
  }

  /// ``ensure(_:)``, returning the directory opened (for `fsync` after a rename).
  package static func ensureAndOpen(_ path: String) throws -> FileDescriptor {
    try createMissingDirectories(path)
    let raw = retryingOnInterrupt {
      open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    }
    guard raw >= 0 else {
      let code = errno
      if code == ENOTDIR || code == ELOOP { throw DirectoryError.notADirectory(path: path) }
      throw DirectoryError.systemCall(operation: "open directory", path: path, code: code)
    }
    let directory = FileDescriptor(raw)
    let info: stat
    switch directory.status() {
    case .success(let value): info = value
    case .failure(let failure):
      throw DirectoryError.systemCall(operation: "inspect directory", path: path, code: failure.code)
    }
    guard info.st_uid == geteuid() else {
      throw DirectoryError.ownedByAnotherUser(path: path, owner: info.st_uid)
    }
    if info.st_mode & 0o077 != 0 || info.st_mode & 0o700 != 0o700 {
      guard fchmod(directory.raw, 0o700) == 0 else {
        throw DirectoryError.systemCall(operation: "restrict permissions of", path: path, code: errno)
      }
    }
    return directory
  }

  /// `mkdir -p` with mode 0700 for every component that does not exist yet.
  private static func createMissingDirectories(_ path: String) throws {
    guard path.hasPrefix("/") else {
      throw DirectoryError.systemCall(operation: "use relative directory", path: path, code: EINVAL)
    }
    var current = ""
    for component in path.split(separator: "/") {
      current += "/" + component
      if mkdir(current, 0o700) == 0 { continue }
      let code = errno
      guard code == EEXIST else {
        throw DirectoryError.systemCall(operation: "create directory", path: current, code: code)
      }
    }
  }
}
