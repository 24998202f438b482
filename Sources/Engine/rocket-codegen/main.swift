// rocket-codegen: compiles Operations/*.graphql against the schema into typed Swift.
//
//   rocket-codegen --config FILE [--output-dir DIR] [--mocks-output-dir DIR] [--manifest FILE]
//                  [--schema SCHEMA OPERATION.graphql...] [--display-root ROOT]
//   rocket-codegen --schema SCHEMA --output-dir DIR [--display-root ROOT] OPERATION.graphql...
//   rocket-codegen --schema SCHEMA --manifest FILE [--display-root ROOT] OPERATION.graphql...
//   rocket-codegen --resolvers --schema SCHEMA --output-dir DIR [--display-root ROOT]
//
// With --config, a codegen configuration (`graphql-codegen.json`, see `CodegenConfiguration`)
// names the schema and operations (search paths relative to its folder, unless the build plugin
// passes the files it found), the access level, and whether the persisted-query manifest (to its
// `operationManifest.path`, or --manifest) and test mocks (to --mocks-output-dir) are written.
// The manifest is Apollo's format (the trusted documents `serve --persisted-queries` can hold).
// --resolvers writes the server side instead: the schema's resolver protocols (see
// `Codegen.generateResolvers`), for the backend to conform to.
//
// Diagnostics go to standard error as `PATH:LINE:COL: error: MESSAGE`, with paths relative to
// ROOT, and the exit status is 1; the build plugin runs it so a broken operation or configuration
// fails the build.
import Foundation
import GraphQLCodegen

struct Arguments {
  var config: String?
  var schema: String?
  var outputDirectory: String?
  var mocksOutputDirectory: String?
  var manifest: String?
  var displayRoot: String?
  var operations: [String] = []
  var resolvers = false
}

func parseArguments(_ words: [String]) -> Arguments? {
  var arguments = Arguments()
  let valued: [String: WritableKeyPath<Arguments, String?>] = [
    "--config": \.config, "--schema": \.schema, "--output-dir": \.outputDirectory,
    "--mocks-output-dir": \.mocksOutputDirectory, "--manifest": \.manifest, "--display-root": \.displayRoot,
  ]
  var index = 0
  while index < words.count {
    let word = words[index]
    if let key = valued[word] {
      guard index + 1 < words.count else { return nil }
      arguments[keyPath: key] = words[index + 1]
      index += 2
    } else if word == "--resolvers" {
      arguments.resolvers = true
      index += 1
    } else if word.hasPrefix("-") {
      return nil
    } else {
      arguments.operations.append(word)
      index += 1
    }
  }
  return arguments
}

func displayPath(_ path: String, root: String?) -> String {
  guard let root else { return path }
  // Through symbolic links (the build plugin passes the target's link to Operations/), so that
  // diagnostics name the file a person edits.
  let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
  let realRoot = URL(fileURLWithPath: root).resolvingSymlinksInPath().path
  let prefix = realRoot.hasSuffix("/") ? realRoot : realRoot + "/"
  return real.hasPrefix(prefix) ? String(real.dropFirst(prefix.count)) : path
}

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data((message + "\n").utf8))
  exit(1)
}

let usage =
  "usage: rocket-codegen [--config FILE] [--resolvers] [--schema SCHEMA] [--output-dir DIR] [--mocks-output-dir DIR] [--manifest FILE] [--display-root ROOT] [OPERATION.graphql...]"

guard var arguments = parseArguments(Array(CommandLine.arguments.dropFirst())) else { fail(usage) }

func readText(_ path: String) -> (shown: String, text: String) {
  let shown = displayPath(path, root: arguments.displayRoot)
  guard let data = FileManager.default.contents(atPath: path) else {
    fail("\(shown): error: cannot read the file")
  }
  guard let text = String(data: data, encoding: .utf8) else {
    fail("\(shown): error: the file is not valid UTF-8")
  }
  return (shown, text)
}

func readSource(_ path: String) -> CodegenSourceFile {
  let (shown, text) = readText(path)
  return CodegenSourceFile(path: shown, text: text)
}

/// The files under `directory`, relative to it, leaving out hidden folders and `.build`.
func filesBelow(_ directory: String) -> [String] {
  guard let walker = FileManager.default.enumerator(atPath: directory) else { return [] }
  var files: [String] = []
  while let relative = walker.nextObject() as? String {
    if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
    var isDirectory: ObjCBool = false
    let full = (directory as NSString).appendingPathComponent(relative)
    if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
      files.append(relative)
    }
  }
  return files
}

var configuration: CodegenConfiguration?
if let configPath = arguments.config {
  let (shown, text) = readText(configPath)
  do {
    let loaded = try CodegenConfiguration(text: text, path: shown)
    let folder = (configPath as NSString).deletingLastPathComponent
    let base = folder.isEmpty ? "." : folder
    // The build plugin passes the files it found and where outputs go; run by hand, the
    // configuration says both.
    if arguments.schema == nil {
      let (schema, operations) = try loaded.select(from: filesBelow(base))
      arguments.schema = (base as NSString).appendingPathComponent(schema)
      arguments.operations = operations.map { (base as NSString).appendingPathComponent($0) }
      if arguments.manifest == nil, let manifest = loaded.operationManifestPath {
        arguments.manifest = (base as NSString).appendingPathComponent(manifest)
      }
    }
    if arguments.mocksOutputDirectory != nil, loaded.testMocks == .none {
      fail("\(shown): error: --mocks-output-dir is given but output.testMocks is \"none\"")
    }
    configuration = loaded
  } catch {
    fail(error.description)
  }
}

guard let schemaPath = arguments.schema,
  arguments.outputDirectory != nil || arguments.manifest != nil || arguments.mocksOutputDirectory != nil,
  !arguments.resolvers || arguments.outputDirectory != nil,
  arguments.mocksOutputDirectory == nil || configuration != nil
else {
  fail(usage)
}

let schemaFile = readSource(schemaPath)
let operationFiles = arguments.operations.map(readSource)

/// Writes `contents` to `path` unless the file already holds exactly that, so the compiler does
/// not rebuild what did not change.
func writeIfChanged(_ contents: String, to path: String) throws {
  let data = Data(contents.utf8)
  if FileManager.default.contents(atPath: path) == data { return }
  try data.write(to: URL(fileURLWithPath: path))
}

func write(_ outputs: [GeneratedFile], to directory: String) {
  do {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for output in outputs {
      try writeIfChanged(output.contents, to: (directory as NSString).appendingPathComponent(output.name))
    }
  } catch {
    fail("rocket-codegen: error: cannot write to \(directory): \(error.localizedDescription)")
  }
}

if let manifest = arguments.manifest {
  do {
    let text = try Codegen.manifest(schema: schemaFile, operationFiles: operationFiles)
    try writeIfChanged(text, to: manifest)
  } catch let error as CodegenFailure {
    fail(error.description)
  } catch {
    fail("rocket-codegen: error: cannot write \(manifest): \(error.localizedDescription)")
  }
}

if let mocksDirectory = arguments.mocksOutputDirectory, let configuration {
  do {
    let mocks = try Codegen.generateMocks(
      schema: schemaFile, schemaModule: configuration.schemaNamespace,
      accessModifier: configuration.accessModifier)
    write([mocks], to: mocksDirectory)
  } catch {
    fail(error.description)
  }
}

if let outputDirectory = arguments.outputDirectory {
  do {
    let outputs =
      arguments.resolvers
      ? [try Codegen.generateResolvers(schema: schemaFile)]
      : try Codegen.generate(
        schema: schemaFile, operationFiles: operationFiles,
        accessModifier: configuration?.accessModifier ?? .public,
        errorHandling: configuration?.errorHandling ?? ErrorHandlingOptions())
    write(outputs, to: outputDirectory)
  } catch {
    fail(error.description)
  }
}
