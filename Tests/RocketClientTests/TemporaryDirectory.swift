import Foundation
import Glibc

/// A fresh directory under the system's temporary folder, deleted when the value is released.
final class TemporaryDirectory {
  /// The directory's absolute path.
  let path: String

  /// Creates the directory.
  init() throws {
    let base = FileManager.default.temporaryDirectory.path
    let candidate = base + "/rocket-client-tests-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: candidate, withIntermediateDirectories: true)
    path = candidate
  }

  /// `path` joined with `relative`.
  func child(_ relative: String) -> String { path + "/" + relative }

  deinit {
    // Tests narrow and widen modes; make sure everything can be deleted again.
    _ = chmod(path, 0o700)
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The permission bits of the file at `path` (not following a symbolic link), or nil if absent.
func permissions(_ path: String) -> mode_t? {
  var info = stat()
  guard lstat(path, &info) == 0 else { return nil }
  return info.st_mode & 0o7777
}

/// Whether something (even a dangling symbolic link) exists at `path`.
func exists(_ path: String) -> Bool {
  var info = stat()
  return lstat(path, &info) == 0
}
