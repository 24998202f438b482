import Foundation
import TestSupport

/// Runs graphql-js (Debian's node-graphql) from tests, to compare our output with the reference.
/// Tests that use it are enabled only when node and the package are installed.
enum NodeGraphQL {
  static let packagePath = "/usr/share/nodejs/graphql"

  /// The node executable, if installed.
  static let nodePath: String? = ["/usr/bin/node", "/usr/bin/nodejs", "/usr/local/bin/node"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  static var isAvailable: Bool {
    nodePath != nil && FileManager.default.fileExists(atPath: packagePath)
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs `script` (with `g` bound to graphql-js) feeding `input` on stdin; returns stdout.
  /// - Throws: `Failure` with stderr when node exits unsuccessfully.
  static func run(_ script: String, input: String) throws -> String {
    guard let nodePath else { throw Failure(description: "node is not installed") }
    let result = try runProcess(
      URL(fileURLWithPath: nodePath),
      [
        "-e",
        "const g = require('\(packagePath)'); const input = require('fs').readFileSync(0, 'utf8');\n"
          + script,
      ], input: input)
    guard result.status == 0 else { throw Failure(description: result.standardError) }
    return result.standardOutput
  }
}
