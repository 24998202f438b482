import Foundation
import GraphQL
import GraphQLWire
import RocketReserverAPI
import TestSupport
import Testing

/// The persisted-query manifest `rocket-codegen --manifest` writes: Apollo's format, each `body`
/// exactly the document the generated operation sends, each `id` that text's SHA-256.
@Suite struct PersistedQueryManifestTests {
  static let operations = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Operations")

  @Test func theToolWritesApollosManifestOfWhatTheClientSends() throws {
    let root = try TemporaryDirectory(prefix: "codegen-manifest")
    let files = try FileManager.default.contentsOfDirectory(atPath: Self.operations.path)
      .filter { $0.hasSuffix(".graphql") }.sorted().map { Self.operations.appendingPathComponent($0).path }
    let result = try runProcess(
      BuiltProduct.directory.appendingPathComponent("rocket-codegen"),
      [
        "--schema", Self.operations.appendingPathComponent("schema.graphqls").path, "--manifest",
        root.child("m.json"),
      ]
        + files)
    #expect(result.status == 0, "\(result.standardError)")
    let manifest = try JSON(parsing: Array(try Data(contentsOf: URL(fileURLWithPath: root.child("m.json")))))
    #expect(manifest["format"] == .string("apollo-persisted-query-manifest"))
    #expect(manifest["version"] == .int(1))
    let entries = try #require(manifest["operations"]?.arrayValue)
    #expect(entries.count == files.count)
    for entry in entries {
      let body = try #require(entry["body"]?.stringValue)
      #expect(entry["id"] == .string(SHA256.hexDigest(body)))
    }
    let launchList = try #require(entries.first { $0["name"] == .string("LaunchList") })
    #expect(launchList["body"] == .string(LaunchListQuery.document))
    #expect(launchList["type"] == .string("query"))
    let book = try #require(entries.first { $0["name"] == .string("BookTrips") })
    #expect(book["body"] == .string(BookTripsMutation.document))
    #expect(book["type"] == .string("mutation"))
  }

  @Test func aBrokenOperationWritesNoManifest() throws {
    let root = try TemporaryDirectory(prefix: "codegen-manifest")
    try Data(codegenTestSchema.utf8).write(to: URL(fileURLWithPath: root.child("schema.graphqls")))
    try Data("query Status { nope }".utf8).write(to: URL(fileURLWithPath: root.child("Status.graphql")))
    let result = try runProcess(
      BuiltProduct.directory.appendingPathComponent("rocket-codegen"),
      [
        "--schema", root.child("schema.graphqls"), "--manifest", root.child("m.json"),
        root.child("Status.graphql"),
      ])
    #expect(result.status == 1)
    #expect(result.standardError.contains("Cannot query field \"nope\""))
    #expect(!FileManager.default.fileExists(atPath: root.child("m.json")))
  }
}
