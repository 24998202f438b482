import Foundation
import PackagePlugin

/// Runs `rocket-codegen --resolvers` on the package's `Operations/schema.graphqls` before the
/// backend is compiled: the schema's resolver protocols, which the backend's resolvers conform
/// to, so an SDL change the backend does not follow fails the build, naming the field.
@main
struct ResolverCodegenPlugin: BuildToolPlugin {
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let schema = context.package.directoryURL.appending(path: "Operations/schema.graphqls")
    let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
    return [
      .buildCommand(
        displayName: "Generating resolver protocols from Operations/schema.graphqls",
        executable: try context.tool(named: "rocket-codegen").url,
        arguments: [
          "--resolvers", "--schema", schema.path(percentEncoded: false), "--output-dir",
          outputDirectory.path(percentEncoded: false), "--display-root",
          context.package.directoryURL.path(percentEncoded: false),
        ],
        inputFiles: [schema],
        outputFiles: [outputDirectory.appending(path: "Resolvers.graphqls.swift")])
    ]
  }
}
