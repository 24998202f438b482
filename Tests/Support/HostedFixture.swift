import Foundation

/// Recorded responses of the hosted tutorial server, in `Fixtures/hosted/`: replayed by the
/// client's tests and the program's paging tests alike.
public enum HostedFixture {
  /// The repository's `Fixtures/hosted` directory.
  public static let directory = RepositoryRoot.url.appendingPathComponent("Fixtures/hosted")

  /// The text of `Fixtures/hosted/<name>.json`.
  public static func text(_ name: String) throws -> String {
    try String(contentsOf: directory.appendingPathComponent(name + ".json"), encoding: .utf8)
  }
}
