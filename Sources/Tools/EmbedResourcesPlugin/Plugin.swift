import Foundation
import PackagePlugin

/// Compiles text files of the package into a target as `EmbeddedResources` string constants, by
/// running the `embed-resources` tool before the target is built.
///
/// The binary must run from any directory and after being copied elsewhere, so it cannot rely on
/// Bundle resources. Every embedded file is declared as an input of the build command, so editing
/// it regenerates the Swift source and rebuilds the target.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
  /// The files embedded into each target: property name, path relative to the package root, and
  /// whether the file is a launch catalog to transcribe as `CatalogLaunch` values rather than text.
  static let resourcesByTarget: [String: [(name: String, path: String, isLaunchCatalog: Bool)]] = [
    "LaunchBackend": [
      (name: "schemaSDL", path: "Operations/schema.graphqls", isLaunchCatalog: false),
      (name: "catalogLaunches", path: "Fixtures/launches.json", isLaunchCatalog: true),
    ],
    // The explorer page: CodeMirror 5 from Debian's libjs-codemirror (absolute paths: `make deps`
    // installs it), then the page's own files.
    "GraphQLExplorer": [
      ("codeMirrorJS", "lib/codemirror.js"), ("codeMirrorCSS", "lib/codemirror.css"),
      ("showHintJS", "addon/hint/show-hint.js"), ("showHintCSS", "addon/hint/show-hint.css"),
      ("lintJS", "addon/lint/lint.js"), ("lintCSS", "addon/lint/lint.css"),
      ("matchBracketsJS", "addon/edit/matchbrackets.js"), ("closeBracketsJS", "addon/edit/closebrackets.js"),
      ("commentJS", "addon/comment/comment.js"),
    ].map { (name: $0.0, path: "/usr/share/javascript/codemirror/" + $0.1, isLaunchCatalog: false) }
      + [
        ("graphQLModeJS", "graphql-mode.js"), ("explorerBootJS", "explorer-boot.js"),
        ("explorerJS", "explorer.js"), ("explorerCSS", "explorer.css"), ("explorerHTML", "explorer.html"),
      ].map { (name: $0.0, path: "Sources/Server/GraphQLExplorer/Assets/" + $0.1, isLaunchCatalog: false) },
  ]

  /// Returns the one command that writes `EmbeddedResources.swift` for `target`, or none for a
  /// target that embeds nothing.
  /// - Throws: when the `embed-resources` tool cannot be found.
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let resources = Self.resourcesByTarget[target.name] else { return [] }
    // A path from the root is a file a Debian package installs; any other is the package's own.
    let inputs = resources.map {
      $0.path.hasPrefix("/")
        ? URL(fileURLWithPath: $0.path) : context.package.directoryURL.appending(path: $0.path)
    }
    let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
    let arguments =
      [output.path(percentEncoded: false)]
      + zip(resources, inputs).flatMap { resource, input in
        (resource.isLaunchCatalog ? ["--launch-catalog"] : [])
          + ["\(resource.name)=\(input.path(percentEncoded: false))"]
      }
    return [
      .buildCommand(
        displayName: "Embedding \(resources.map(\.path).joined(separator: ", ")) in \(target.name)",
        executable: try context.tool(named: "embed-resources").url,
        arguments: arguments,
        inputFiles: inputs,
        outputFiles: [output])
    ]
  }
}
