import Foundation
import TestSupport
import Testing

/// graphql-core 3.3 (graphql-js 17's Python port, pinned from PyPI into .build/python-peers by
/// `make test-deps`), run through `Tests/Peers/graphql_core_incremental.py`: the reference for
/// incremental delivery and graphql-js 17's validation rules.
enum GraphQLCorePeer {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
  static let peers = root.appendingPathComponent(".build/python-peers")
  static let script = root.appendingPathComponent("Tests/Peers/graphql_core_incremental.py")
  /// `Tests/Peers/graphql_core_execute.py`: `execute` on `ExecutionFixture`'s data and resolvers.
  static let executeScript = root.appendingPathComponent("Tests/Peers/graphql_core_execute.py")
  /// `Tests/Peers/graphql_core_introspection.py`: the full introspection query and its answer.
  static let introspectionScript = root.appendingPathComponent("Tests/Peers/graphql_core_introspection.py")

  /// Whether graphql-core 3.3 is under .build/python-peers (`make test-deps`).
  static var isInstalled: Bool {
    FileManager.default.fileExists(atPath: peers.appendingPathComponent("graphql/execution/incremental").path)
  }

  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// Runs the peer on `request` (see the script) and returns its output: per case, a list of
  /// JSON values (payloads or errors), or with `executeScript` one result.
  static func run<Output>(
    _ request: [String: Any], script: URL = script, as _: Output.Type = [Any].self
  ) throws -> [Output] {
    try #require(
      FileManager.default.fileExists(
        atPath: peers.appendingPathComponent("graphql/execution/incremental").path),
      "graphql-core 3.3 is not installed under .build/python-peers: run make test-deps")
    let input = String(decoding: try JSONSerialization.data(withJSONObject: request), as: UTF8.self)
    // graphql-core must come from .build/python-peers, never from the user's own site-packages.
    let result = try runProcess(
      URL(fileURLWithPath: "/usr/bin/python3"), [script.path],
      environment: ["PYTHONPATH": peers.path, "PYTHONNOUSERSITE": "1"], input: input)
    guard result.status == 0 else {
      throw Failure(description: "graphql-core peer failed: " + result.standardError)
    }
    let output = Data(result.standardOutput.utf8)
    guard let cases = try JSONSerialization.jsonObject(with: output) as? [Output] else {
      throw Failure(description: "graphql-core peer printed no list: " + result.standardOutput)
    }
    return cases
  }

  /// `value` as JSON text with sorted keys, for comparing regardless of key order.
  static func canonical(_ value: Any) throws -> String {
    let data = try JSONSerialization.data(
      withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed, .withoutEscapingSlashes])
    return String(decoding: data, as: UTF8.self)
  }

  /// JSON text as canonical text.
  static func canonical(json bytes: [UInt8]) throws -> String {
    try canonical(try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]))
  }
}
