import Foundation
import GraphQL
import GraphQLCodegen
import GraphQLWire

/// The project's own operations (`Operations/*.graphql`), each parsed and validated as one
/// benchmark document: the stages `parse/NAME` and `validate/NAME`, which
/// Benchmarks/reference/gopath/src/gqlparser-peer times the same way with gqlparser, on the texts
/// `engine-benchmark --documents DIR PROJECT_ROOT` writes.
struct OperationDocuments {
  /// Each document's file name without `.graphql`, and its text, in name order.
  let documents: [(name: String, text: String)]

  /// Reads every `.graphql` file of `root/Operations`, as the client sends it: without its own
  /// directives (`Codegen.strippingClientDirectives`).
  /// - Throws: `BenchmarkError` when the folder or a file cannot be read.
  init(root: String) throws {
    let folder = root + "/Operations"
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else {
      throw BenchmarkError("cannot list \(folder)")
    }
    documents = try names.filter { $0.hasSuffix(".graphql") }.sorted().map { file in
      (
        String(file.dropLast(".graphql".count)),
        Codegen.strippingClientDirectives(
          from: String(decoding: try readFile(root, "Operations/" + file), as: UTF8.self))
      )
    }
  }

  /// Writes each document to `directory/NAME.graphql`, for the gqlparser peer.
  func write(to directory: String) throws {
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    for (name, text) in documents {
      try Data(text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(name).graphql"))
    }
  }

  /// Times parse and validate of each document whose stage `select` accepts, through `report`.
  /// - Throws: `BenchmarkError` when a document does not parse or validate.
  func run(
    schema: GraphQLSchema, select: (String) -> Bool, report: (String, () -> Int) -> Void
  ) throws {
    for (name, text) in documents where select("parse/" + name) || select("validate/" + name) {
      let document: Document
      do { document = try parse(text) } catch { throw BenchmarkError("\(name) does not parse: \(error)") }
      if let error = validate(schema: schema, document: document).first {
        throw BenchmarkError("\(name) does not validate: \(error.message)")
      }
      if select("parse/" + name) {
        report("parse/" + name) { (try? parse(text))?.definitions.count ?? -1 }
      }
      if select("validate/" + name) {
        report("validate/" + name) { validate(schema: schema, document: document).count }
      }
    }
  }
}
