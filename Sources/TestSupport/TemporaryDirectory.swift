import Foundation

/// A fresh directory under the system temporary folder, removed when the value is released.
public final class TemporaryDirectory {
  public let url: URL

  /// - Parameter prefix: the start of the directory's name, to tell test leftovers apart.
  public init(prefix: String = "rocket-tests") throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  /// The path of `name` inside the directory.
  public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
}
