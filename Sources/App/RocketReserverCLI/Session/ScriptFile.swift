import FoundationEssentials
import Glibc

/// The lines of a script given with `-f FILE`, read whole at the start.
final class ScriptFile: @unchecked Sendable {
  // @unchecked: `lines` is only read and advanced by the one loop that runs the script.
  private var lines: ArraySlice<String>

  /// Reads `path`; nil when it cannot be read or is not UTF-8 text.
  init?(path: String) {
    guard let data = FileManager.default.contents(atPath: path),
      let text = String(data: data, encoding: .utf8)
    else { return nil }
    var all = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if all.last == "" { all.removeLast() }
    lines = all[...]
  }

  /// The next line, or nil at the end.
  func nextLine() -> String? { lines.popFirst() }

  /// Why `path` cannot be read, in words.
  static func problem(_ path: String) -> String {
    var info = stat()
    guard stat(path, &info) == 0 else { return "no such file" }
    if (info.st_mode & S_IFMT) == S_IFDIR { return "it is a directory" }
    guard access(path, R_OK) == 0 else { return "permission denied" }
    return "it is not UTF-8 text"
  }
}
