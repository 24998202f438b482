import Foundation

/// The package's root directory (the folder holding `Package.swift`), found by walking up from
/// this file, so that a module's place in `Sources/` can change without its tests noticing.
public enum RepositoryRoot {
  public static let url: URL = {
    var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    while folder.path != "/" {
      if FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path) {
        return folder
      }
      folder = folder.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  }()
}
