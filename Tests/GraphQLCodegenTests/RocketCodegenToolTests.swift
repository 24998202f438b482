import Foundation
import TestSupport
import Testing

/// Drives the `rocket-codegen` executable the way the build plugin does.
@Suite struct RocketCodegenToolTests {
  @Test func brokenOperationFailsWithFileLineColumnDiagnostic() throws {
    let root = try TemporaryDirectory(prefix: "codegen-tool")
    try FileManager.default.createDirectory(
      atPath: root.child("Operations"), withIntermediateDirectories: true)
    try Data(codegenTestSchema.utf8).write(to: URL(fileURLWithPath: root.child("Operations/schema.graphqls")))
    let broken = "query Status {\n  status\n  nope\n}\n"
    try Data(broken.utf8).write(to: URL(fileURLWithPath: root.child("Operations/Status.graphql")))
    let result = try runProcess(
      BuiltProduct.directory.appendingPathComponent("rocket-codegen"),
      [
        "--schema", root.child("Operations/schema.graphqls"), "--output-dir", root.child("out"),
        "--display-root", root.path, root.child("Operations/Status.graphql"),
      ])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Operations/Status.graphql:3:3: error: Cannot query field \"nope\" on type \"Query\".\n")
    #expect(!FileManager.default.fileExists(atPath: root.child("out/Status.graphql.swift")))
  }

  @Test func validOperationsAreWrittenOnlyWhenChanged() throws {
    let root = try TemporaryDirectory(prefix: "codegen-tool")
    let schema = root.child("schema.graphqls")
    let operation = root.child("Status.graphql")
    try Data(codegenTestSchema.utf8).write(to: URL(fileURLWithPath: schema))
    try Data("query Status { status }".utf8).write(to: URL(fileURLWithPath: operation))
    let arguments = ["--schema", schema, "--output-dir", root.child("out"), operation]
    let tool = BuiltProduct.directory.appendingPathComponent("rocket-codegen")
    #expect(try runProcess(tool, arguments).status == 0)
    let output = root.child("out/Status.graphql.swift")
    let firstDate = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
    #expect(
      try String(contentsOfFile: output, encoding: .utf8).contains("public struct StatusQuery: GraphQLQuery"))
    Thread.sleep(forTimeInterval: 0.05)
    #expect(try runProcess(tool, arguments).status == 0)
    let secondDate = try FileManager.default.attributesOfItem(atPath: output)[.modificationDate] as? Date
    #expect(firstDate == secondDate)
  }
}

/// `rocket-codegen --config FILE`, run by hand: the configuration finds the files, and a mistake
/// in it stops the tool at the configuration's line.
@Suite struct RocketCodegenConfigTests {
  static let configuration = """
    {
      "schemaNamespace": "ShipyardAPI",
      "input": {
        "schemaSearchPaths": ["schema.graphqls"],
        "operationSearchPaths": ["**/*.graphql"]
      },
      "output": {
        "testMocks": { "swiftPackage": { "targetName": "ShipyardAPITestMocks" } }
      },
      "operationManifest": { "path": "manifest.json" }
    }
    """

  func folder(configuration: String = configuration) throws -> TemporaryDirectory {
    let root = try TemporaryDirectory(prefix: "codegen-config")
    try FileManager.default.createDirectory(
      atPath: root.child("Ops/Fleet"), withIntermediateDirectories: true)
    try Data(codegenTestSchema.utf8).write(to: URL(fileURLWithPath: root.child("Ops/schema.graphqls")))
    try Data("query Status { status }".utf8).write(
      to: URL(fileURLWithPath: root.child("Ops/Fleet/Status.graphql")))
    try Data(configuration.utf8).write(to: URL(fileURLWithPath: root.child("Ops/graphql-codegen.json")))
    return root
  }

  let tool = BuiltProduct.directory.appendingPathComponent("rocket-codegen")

  @Test func theConfigurationFindsTheFilesAndSaysWhatIsWritten() throws {
    let root = try folder()
    let result = try runProcess(
      tool,
      [
        "--config", root.child("Ops/graphql-codegen.json"), "--output-dir", root.child("out"),
        "--mocks-output-dir", root.child("mocks"),
      ])
    #expect(result.status == 0, "\(result.standardError)")
    #expect(FileManager.default.fileExists(atPath: root.child("out/Status.graphql.swift")))
    #expect(FileManager.default.fileExists(atPath: root.child("out/SchemaTypes.graphql.swift")))
    let mocks = try String(contentsOfFile: root.child("mocks/Mocks.graphql.swift"), encoding: .utf8)
    #expect(mocks.contains("import ShipyardAPI\n"))
    let manifest = try String(contentsOfFile: root.child("Ops/manifest.json"), encoding: .utf8)
    #expect(manifest.contains(#""name":"Status""#))
  }

  @Test func anUnknownKeyStopsTheToolAtItsLine() throws {
    let root = try folder(
      configuration: Self.configuration.replacingOccurrences(of: #""testMocks""#, with: #""mocks""#))
    let result = try runProcess(
      tool,
      [
        "--config", root.child("Ops/graphql-codegen.json"), "--output-dir", root.child("out"),
        "--display-root", root.path,
      ])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Ops/graphql-codegen.json:8:5: error: unknown key \"mocks\" in output; expected \"accessModifier\", \"testMocks\"\n"
    )
    #expect(!FileManager.default.fileExists(atPath: root.child("out")))
  }

  @Test func aSearchPathThatFindsNoFileStopsTheTool() throws {
    let root = try folder(
      configuration: Self.configuration.replacingOccurrences(of: "**/*.graphql", with: "Launches/*.graphql"))
    let result = try runProcess(
      tool,
      [
        "--config", root.child("Ops/graphql-codegen.json"), "--output-dir", root.child("out"),
        "--display-root", root.path,
      ])
    #expect(result.status == 1)
    #expect(
      result.standardError
        == "Ops/graphql-codegen.json:5:29: error: no file matches operationSearchPaths [\"Launches/*.graphql\"]\n"
    )
  }
}
