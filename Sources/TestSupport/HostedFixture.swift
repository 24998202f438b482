import Foundation

/// Recorded responses of the hosted tutorial server, in `Fixtures/hosted/`.
enum HostedFixture {
  /// The repository's `Fixtures/hosted` directory, found from this file's path.
  static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Support
    .deletingLastPathComponent()  // RocketClientTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("Fixtures/hosted")

  /// The text of `Fixtures/hosted/<name>.json`.
  static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name + ".json"), encoding: .utf8)
  }
}
