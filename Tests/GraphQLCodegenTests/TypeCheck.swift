import Foundation
import GraphQLCodegen
import TestSupport

/// Type-checks generated files together with `swiftc -warnings-as-errors` against the runtime
/// module, as one module named `moduleName`.
/// - Returns: swiftc's exit status and what it printed on standard error.
func typeCheck(_ files: [GeneratedFile], moduleName: String) throws -> (status: Int32, errors: String) {
  let scratch = try TemporaryDirectory(prefix: "codegen-compile")
  var paths: [String] = []
  for file in files {
    let path = scratch.child(file.name)
    try Data(file.contents.utf8).write(to: URL(fileURLWithPath: path))
    paths.append(path)
  }
  let modules = BuiltProduct.directory.appendingPathComponent("Modules").path
  let result = try runProcess(
    URL(fileURLWithPath: "/usr/bin/env"),
    [
      "swiftc", "-typecheck", "-swift-version", "6", "-warnings-as-errors", "-I", modules, "-module-name",
      moduleName,
    ]
      + paths)
  return (result.status, result.standardError)
}
