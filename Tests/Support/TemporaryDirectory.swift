import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A fresh directory under the system temporary folder, removed when the value is released.
public final class TemporaryDirectory {
  /// The directory's URL.
  public let url: URL
  /// The directory's absolute path.
  public let path: String

  /// - Parameter prefix: the start of the directory's name, to tell test leftovers apart.
  public init(prefix: String = "rocket-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    path = url.path
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit {
    // Tests narrow and widen modes; make sure everything can be deleted again.
    _ = chmod(path, 0o700)
    try? FileManager.default.removeItem(at: url)
  }

  /// The path of `relative` inside the directory.
  public func child(_ relative: String) -> String { path + "/" + relative }
}
