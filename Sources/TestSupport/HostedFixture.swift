import Foundation

/// Recorded responses of the hosted tutorial server, in `Fixtures/hosted/`: replayed by the
/// client's tests and the program's paging tests alike.
public enum HostedFixture {
  /// The repository's `Fixtures/hosted` directory, found from this file's path.
  public static let directory = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // TestSupport
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // the package root
    .appendingPathComponent("Fixtures/hosted")

  /// The text of `Fixtures/hosted/<name>.json`.
  public static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name + ".json"), encoding: .utf8)
  }
}
