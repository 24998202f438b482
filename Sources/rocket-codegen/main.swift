// rocket-codegen: compiles Operations/*.graphql against the schema into typed Swift.
//
//   rocket-codegen --schema SCHEMA --output-dir DIR [--display-root ROOT] OPERATION.graphql...
//   rocket-codegen --schema SCHEMA --manifest FILE [--display-root ROOT] OPERATION.graphql...
//   rocket-codegen --resolvers --schema SCHEMA --output-dir DIR [--display-root ROOT]
//
// The second form writes the operations' persisted-query manifest in Apollo's format (the trusted
// documents a server such as `serve --persisted-queries` can hold); both may be given at once.
// The third writes the server side instead: the schema's resolver protocols (see
// `Codegen.generateResolvers`), for the backend to conform to.
//
// Diagnostics go to standard error as `PATH:LINE:COL: error: MESSAGE`, with paths relative to
// ROOT, and the exit status is 1; the build plugin runs it so a broken operation fails the build.
import Foundation
import GraphQLCodegen

struct Arguments {
  var schema: String?
  var outputDirectory: String?
  var manifest: String?
  var displayRoot: String?
  var operations: [String] = []
  var resolvers = false
}

func parseArguments(_ words: [String]) -> Arguments? {
  var arguments = Arguments()
  var index = 0
  while index < words.count {
    let word = words[index]
    switch word {
    case "--schema", "--output-dir", "--manifest", "--display-root":
      guard index + 1 < words.count else { return nil }
      let value = words[index + 1]
      if word == "--schema" { arguments.schema = value }
      if word == "--output-dir" { arguments.outputDirectory = value }
      if word == "--manifest" { arguments.manifest = value }
      if word == "--display-root" { arguments.displayRoot = value }
      index += 2
    case "--resolvers":
      arguments.resolvers = true
      index += 1
    default:
      if word.hasPrefix("-") { return nil }
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

guard let arguments = parseArguments(Array(CommandLine.arguments.dropFirst())),
  let schemaPath = arguments.schema, arguments.outputDirectory != nil || arguments.manifest != nil,
  !arguments.resolvers || arguments.outputDirectory != nil
else {
  fail(
    "usage: rocket-codegen [--resolvers] --schema SCHEMA [--output-dir DIR] [--manifest FILE] [--display-root ROOT] OPERATION.graphql..."
  )
}

func readSource(_ path: String) -> CodegenSourceFile {
  let shown = displayPath(path, root: arguments.displayRoot)
  guard let data = FileManager.default.contents(atPath: path) else {
    fail("\(shown): error: cannot read the file")
  }
  guard let text = String(data: data, encoding: .utf8) else {
    fail("\(shown): error: the file is not valid UTF-8")
  }
  return CodegenSourceFile(path: shown, text: text)
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
guard let outputDirectory = arguments.outputDirectory else { exit(0) }

let outputs: [GeneratedFile]
do {
  outputs =
    arguments.resolvers
    ? [try Codegen.generateResolvers(schema: schemaFile)]
    : try Codegen.generate(schema: schemaFile, operationFiles: operationFiles)
} catch {
  fail(error.description)
}

do {
  try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
  for output in outputs {
    try writeIfChanged(output.contents, to: (outputDirectory as NSString).appendingPathComponent(output.name))
  }
} catch {
  fail("rocket-codegen: error: cannot write to \(outputDirectory): \(error.localizedDescription)")
}
