import Foundation
import Testing

/// Files of this repository that the tests compare the binary's embedded copies against.
enum RepositoryFiles {
  /// The package root, found from this source file's location.
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // LaunchBackendTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()

  static var launchesJSON: URL { root.appending(path: "Fixtures/launches.json") }
  static var schema: URL { root.appending(path: "Operations/schema.graphqls") }

  /// The UTF-8 text of a repository file.
  static func text(_ url: URL) throws -> String {
    try #require(String(validating: try Data(contentsOf: url), as: UTF8.self))
  }
}
