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
