import Foundation

/// Locates executables built by SwiftPM next to the running test bundle.
public enum BuiltProduct {
  /// The directory holding the build products (`.build/debug` or `.build/release`).
  public static var directory: URL {
    if let executable = Bundle.main.executableURL {
      return executable.deletingLastPathComponent()
    }
    return URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
  }

  /// The `rocket-reserver` binary that this test run was built with.
  public static var rocketReserver: URL { directory.appendingPathComponent("rocket-reserver") }
}
