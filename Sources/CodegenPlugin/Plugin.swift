import Foundation
import PackagePlugin

/// Runs `rocket-codegen` before compiling the target it is applied to: every
/// `Operations/*.graphql` file of the package, checked against `Operations/schema.graphqls`,
/// becomes typed Swift. Adding an operation file needs no other change.
@main
struct CodegenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let root = context.package.directoryURL
    let operationsDirectory = root.appending(path: "Operations")
    let schema = operationsDirectory.appending(path: "schema.graphqls")
    let operations = try FileManager.default.contentsOfDirectory(
      at: operationsDirectory, includingPropertiesForKeys: nil
    )
    .filter { $0.pathExtension == "graphql" }
    .sorted { $0.lastPathComponent < $1.lastPathComponent }
    let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
    let outputs =
      [outputDirectory.appending(path: "SchemaTypes.graphql.swift")]
      + operations.map { outputDirectory.appending(path: $0.lastPathComponent + ".swift") }
    return [
      .buildCommand(
        displayName: "Generating typed GraphQL operations from Operations/",
        executable: try context.tool(named: "rocket-codegen").url,
        arguments: [
          "--schema", schema.path, "--output-dir", outputDirectory.path, "--display-root", root.path,
        ] + operations.map(\.path),
        inputFiles: [schema] + operations,
        outputFiles: outputs)
    ]
  }
}
