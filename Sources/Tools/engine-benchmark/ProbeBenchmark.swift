import EngineProbes
import Foundation
import GraphQL
import GraphQLWire

/// `engine-benchmark --probes DIR PROJECT_ROOT`: writes the probe documents to
/// `DIR/NAME.graphql` (for `Benchmarks/reference/validate-probes.js` to time the same text with
/// graphql-js) and prints `NAME BYTES MILLISECONDS ERRORS` for each: the best of five validations
/// with every specified rule against the launch schema, in CPU time of the validating thread (the
/// build machine is shared, so wall-clock time would measure the other processes too).
func runProbes(directory: String, root: String) throws {
  let schemaText = String(decoding: try readFile(root, "Operations/schema.graphqls"), as: UTF8.self)
  let schema = try buildSchema(schemaText)
  try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
  for probe in ProbeDocuments.validation + ProbeDocuments.execution {
    try Data(probe.text.utf8).write(to: URL(fileURLWithPath: "\(directory)/\(probe.name).graphql"))
    let document = try parse(Source(probe.text), options: ParseOptions(maxTokens: 15_000))
    var best = Double.infinity
    var errors = 0
    for _ in 0..<5 {
      let (count, seconds) = ThreadCPUTime.measure { validate(schema: schema, document: document).count }
      errors = count
      best = min(best, seconds)
    }
    let milliseconds = best * 1000
    print("\(probe.name) \(probe.text.utf8.count) \(String(format: "%.2f", milliseconds)) \(errors)")
  }
}
