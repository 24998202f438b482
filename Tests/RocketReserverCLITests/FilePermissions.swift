import Foundation
import Glibc

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
