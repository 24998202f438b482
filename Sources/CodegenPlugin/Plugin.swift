import Foundation
import PackagePlugin

/// Runs `rocket-codegen` before compiling the target it is applied to: every `*.graphql` file of
/// the target, checked against its `schema.graphqls`, becomes typed Swift.
///
/// `Sources/RocketReserverAPI/Operations` is a symbolic link to the package's `Operations/`, so
/// the files are the target's own: SwiftPM notices an operation file added or removed and plans
/// the build again (a folder outside the target would go unnoticed until the manifest changed),
/// and no file of the target is left "unhandled". Adding an operation needs no other change.
@main
struct CodegenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let files = target.sourceModule.map { Array($0.sourceFiles) } ?? []
    // The paths stay the target's own (SwiftPM counts a file as handled when a command takes it
    // as input); rocket-codegen resolves the link so diagnostics name `Operations/Login.graphql`.
    let operations = files.filter { $0.url.pathExtension == "graphql" }.map(\.url)
      .sorted { $0.lastPathComponent < $1.lastPathComponent }
    guard let schema = files.first(where: { $0.url.pathExtension == "graphqls" })?.url else {
      Diagnostics.error("\(target.name) has no schema.graphqls among its files")
      return []
    }
    let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
    let outputs =
      [outputDirectory.appending(path: "SchemaTypes.graphql.swift")]
      + operations.map { outputDirectory.appending(path: $0.lastPathComponent + ".swift") }
    return [
      .buildCommand(
        displayName: "Generating typed GraphQL operations from Operations/",
        executable: try context.tool(named: "rocket-codegen").url,
        arguments: [
          "--schema", schema.path, "--output-dir", outputDirectory.path,
          "--display-root", context.package.directoryURL.resolvingSymlinksInPath().path,
        ] + operations.map(\.path),
        inputFiles: [schema] + operations,
        outputFiles: outputs)
    ]
  }
}
