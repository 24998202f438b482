import Foundation
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
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
    process.arguments = [script.path]
    process.environment = ["PYTHONPATH": peers.path, "PATH": "/usr/bin:/bin"]
    let stdin = Pipe()
    let stdout = Pipe()
    let stderr = Pipe()
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    try process.run()
    stdin.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: request))
    try stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "graphql-core peer failed: " + String(decoding: errors, as: UTF8.self))
    }
    guard let cases = try JSONSerialization.jsonObject(with: output) as? [Output] else {
      throw Failure(
        description: "graphql-core peer printed no list: " + String(decoding: output, as: UTF8.self))
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
