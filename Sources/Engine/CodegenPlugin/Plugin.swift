import Foundation
import PackagePlugin

/// Runs `rocket-codegen` before compiling the target it is applied to, as its codegen
/// configuration (`graphql-codegen.json`, read by the same code as `rocket-codegen --config`:
/// `Configuration/` here is a link to GraphQLCodegen's) says:
///
/// - applied to the target that holds the configuration among its files, it generates that
///   target's typed operations and schema types (and the persisted-query manifest, into the
///   plugin's work folder, when `operationManifest` is set);
/// - applied to the target a configuration names in `output.testMocks.swiftPackage.targetName`,
///   it generates the schema's test mocks there.
///
/// A configuration that cannot be read, or whose search paths find no file, fails the build at
/// its line. `Sources/Client/RocketReserverAPI/Operations` is a symbolic link to the package's
/// `Operations/`, so the files are the target's own: SwiftPM notices an operation file added or
/// removed and plans the build again, and no file of the target is left "unhandled".
@main
struct CodegenPlugin: BuildToolPlugin {
  static let configurationName = "graphql-codegen.json"

  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    let tool = try context.tool(named: "rocket-codegen").url
    let root = context.package.directoryURL.resolvingSymlinksInPath().path
    let outputDirectory = context.pluginWorkDirectoryURL.appending(path: "Generated")
    let files = target.sourceModule.map { Array($0.sourceFiles) } ?? []
    if let configuration = files.first(where: { $0.url.lastPathComponent == Self.configurationName }) {
      let setup: Setup
      switch Setup.load(configuration.url, files: files.map(\.url), root: root) {
      case .success(let loaded): setup = loaded
      case .failure(let error):
        Setup.report(error, url: configuration.url)
        return []
      }
      guard setup.configuration.schemaNamespace == target.name else {
        setup.report(
          "schemaNamespace \"\(setup.configuration.schemaNamespace)\" must be the name of the target it generates into, \"\(target.name)\"",
          at: setup.configuration.positions["schemaNamespace"])
        return []
      }
      var arguments = [
        "--config", configuration.url.path, "--schema", setup.schema.path, "--output-dir",
        outputDirectory.path,
        "--display-root", root,
      ]
      let outputs =
        [outputDirectory.appending(path: "SchemaTypes.graphql.swift")]
        + setup.operations.map { outputDirectory.appending(path: $0.lastPathComponent + ".swift") }
      if let manifest = setup.configuration.operationManifestPath {
        // A build command writes only into the plugin's work folder.
        let name = manifest.split(separator: "/").last.map(String.init) ?? "persisted-query-manifest.json"
        let manifestURL = context.pluginWorkDirectoryURL.appending(path: name)
        // Written beside the outputs but not declared as one: SwiftPM makes every declared output
        // that is not source a resource of the target, and a resource brings a generated
        // accessor that imports Foundation (and so ICU) into the module and every program using it.
        arguments += ["--manifest", manifestURL.path]
      }
      return [
        .buildCommand(
          displayName: "Generating typed GraphQL operations for \(target.name)",
          executable: tool, arguments: arguments + setup.operations.map(\.path),
          inputFiles: [configuration.url, setup.schema] + setup.operations, outputFiles: outputs)
      ]
    }
    // A test-mocks target: some other target's configuration names it.
    var unreadable = false
    for other in context.package.targets where other.name != target.name {
      let otherFiles = other.sourceModule.map { Array($0.sourceFiles) } ?? []
      guard
        let configuration = otherFiles.first(where: { $0.url.lastPathComponent == Self.configurationName })
      else { continue }
      guard case .success(let setup) = Setup.load(configuration.url, files: otherFiles.map(\.url), root: root)
      else {
        unreadable = true
        continue
      }
      guard setup.configuration.testMocks == .swiftPackage(targetName: target.name) else { continue }
      return [
        .buildCommand(
          displayName: "Generating GraphQL test mocks for \(target.name)",
          executable: tool,
          arguments: [
            "--config", configuration.url.path, "--schema", setup.schema.path, "--mocks-output-dir",
            outputDirectory.path, "--display-root", root,
          ],
          inputFiles: [configuration.url, setup.schema],
          outputFiles: [outputDirectory.appending(path: "Mocks.graphql.swift")])
      ]
    }
    // A configuration that cannot be read is reported by its own target's build.
    guard !unreadable else { return [] }
    Diagnostics.error(
      "\(target.name) has no \(Self.configurationName) among its files, and no configuration names it in output.testMocks"
    )
    return []
  }
}

/// A configuration read, and the schema and operation files it selects among a target's files.
struct Setup {
  let configuration: CodegenConfiguration
  let schema: URL
  let operations: [URL]
  let shownPath: String
  let url: URL

  /// Reads the configuration at `url` and selects among `files`.
  static func load(_ url: URL, files: [URL], root: String) -> Result<Setup, CodegenConfigurationError> {
    let real = url.resolvingSymlinksInPath().path
    let shown = real.hasPrefix(root + "/") ? String(real.dropFirst(root.count + 1)) : url.path
    do throws(CodegenConfigurationError) {
      guard let data = FileManager.default.contents(atPath: url.path),
        let text = String(data: data, encoding: .utf8)
      else {
        throw CodegenConfigurationError(
          path: shown, position: nil, message: "cannot read the file as UTF-8 text")
      }
      let configuration = try CodegenConfiguration(text: text, path: shown)
      let folder = url.deletingLastPathComponent().path + "/"
      var byRelativePath: [String: URL] = [:]
      for file in files where file.path.hasPrefix(folder) {
        byRelativePath[String(file.path.dropFirst(folder.count))] = file
      }
      let (schema, operations) = try configuration.select(from: Array(byRelativePath.keys))
      guard let schemaURL = byRelativePath[schema] else {
        throw CodegenConfigurationError(path: shown, position: nil, message: "cannot find \(schema)")
      }
      return .success(
        Setup(
          configuration: configuration, schema: schemaURL,
          operations: operations.compactMap { byRelativePath[$0] }, shownPath: shown, url: url))
    } catch {
      return .failure(error)
    }
  }

  /// Fails the build with `error`, at its place in the file.
  static func report(_ error: CodegenConfigurationError, url: URL) {
    Diagnostics.error("\(error.place): \(error.message)", file: url.path, line: error.position?.line)
  }

  func report(_ message: String, at position: ConfigurationJSON.Position?) {
    Self.report(CodegenConfigurationError(path: shownPath, position: position, message: message), url: url)
  }
}
