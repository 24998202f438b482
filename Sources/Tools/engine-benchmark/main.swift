// `engine-benchmark PROJECT_ROOT [SECONDS]` (ENGINE_STAGES=a,b to time only some stages; see
// OperationDocuments for the per-document ones, which `--documents DIR PROJECT_ROOT` writes out): ops/s of the GraphQL engine's stages on the
// LaunchList-shaped query, set up and timed exactly as Benchmarks/reference/engine-reference.js times
// graphql-js, printed in the same `STAGE N` format (plus `pipeline-cached`, which graphql-js lacks).
// Before timing anything it checks that our response is byte for byte the one graphql-js gives
// (Benchmarks/engine-expected.json), so a fast wrong answer cannot pass.
import Foundation
import GraphQL
import GraphQLWire

/// Reads a file of the project, or exits with a message.
func readFile(_ root: String, _ path: String) throws -> [UInt8] {
  guard let data = FileManager.default.contents(atPath: root + "/" + path) else {
    throw BenchmarkError("cannot read \(root)/\(path)")
  }
  return [UInt8](data)
}

func run(root: String, seconds: Double) throws {
  let fixture = try LaunchFixture(
    schemaText: String(decoding: try readFile(root, "Operations/schema.graphqls"), as: UTF8.self),
    catalogText: try readFile(root, "Fixtures/launches.json"))
  let executable = fixture.executable
  let query = LaunchFixture.query
  let document = try parse(query)
  let validationErrors = validate(schema: executable.schema, document: document)
  guard validationErrors.isEmpty else {
    throw BenchmarkError("the query does not validate: \(validationErrors[0].message)")
  }
  let processor = GraphQLRequestProcessor(schema: executable)

  // The response must be graphql-js's, byte for byte, on every path we time.
  let expected = try readFile(root, "Benchmarks/engine-expected.json")
  let responses = [
    ("execute", executeSyncEncoded(schema: executable, document: document, context: ())),
    ("execute (value tree)", executeSync(schema: executable, document: document, context: ()).encoded()),
    ("pipeline-cached", processor.process(GraphQLRequest(query: query), context: ()).body),
    (
      "pipeline-cached (value tree)",
      processor.process(GraphQLRequest(query: query), context: ()).result.encoded()
    ),
  ]
  for (stage, response) in responses where response != expected {
    throw BenchmarkError(
      "\(stage) response differs from graphql-js's (Benchmarks/engine-expected.json):\n"
        + String(decoding: response, as: UTF8.self))
  }

  var checksum = 0
  // ENGINE_STAGES=parse,execute times only those stages (for profiling one stage at a time).
  let onlyStages = ProcessInfo.processInfo.environment["ENGINE_STAGES"].map {
    Set($0.split(separator: ",").map(String.init))
  }
  // ENGINE_ITERATIONS=N makes exactly N calls per stage and prints no rate: for instruction
  // counting under `valgrind --tool=callgrind`, which is repeatable where wall time is not.
  let fixedIterations = ProcessInfo.processInfo.environment["ENGINE_ITERATIONS"].flatMap { Int($0) }
  // Stages named NAME/DOCUMENT (OperationDocuments) run only when named, or all with `documents`.
  func selected(_ stage: String) -> Bool {
    guard let onlyStages else { return !stage.contains("/") }
    return onlyStages.contains(stage) || (stage.contains("/") && onlyStages.contains("documents"))
  }
  func report(_ stage: String, _ body: () -> Int) {
    if !selected(stage) { return }
    if let fixedIterations {
      for _ in 0..<fixedIterations { checksum &+= body() }
      print("\(stage) \(fixedIterations) calls")
      return
    }
    let (rate, sum) = Stopwatch.rate(seconds: seconds, body)
    checksum &+= sum
    print("\(stage) \(Int(rate.rounded()))")
  }
  report("parse") { (try? parse(query))?.definitions.count ?? -1 }
  report("validate") { validate(schema: executable.schema, document: document).count }
  // Execute plus JSON encoding, as a server does it: straight to bytes (graphql-js: `execute` then
  // `JSON.stringify`).
  report("execute") { executeSyncEncoded(schema: executable, document: document, context: ()).count }
  // The same through the `JSON` value tree (`executeSync(...).encoded()`), for comparison.
  report("execute-value-tree") {
    executeSync(schema: executable, document: document, context: ()).encoded().count
  }
  report("pipeline") {
    guard let parsed = try? parse(query) else { return -1 }
    guard validate(schema: executable.schema, document: parsed).isEmpty else { return -1 }
    return executeSyncEncoded(schema: executable, document: parsed, context: ()).count
  }
  // What a server does: the document cache, then execution straight to bytes.
  report("pipeline-cached") { processor.process(GraphQLRequest(query: query), context: ()).body.count }
  // parse/NAME and validate/NAME of each document NAME in Operations/: only when ENGINE_STAGES names them
  // (or says `documents`, for all of them).
  try OperationDocuments(root: root).run(
    schema: executable.schema,
    select: selected,
    report: report)
  // Keeps every timed call observable; goes to stderr so stdout stays `STAGE N` lines.
  FileHandle.standardError.write(Data("checksum \(checksum)\n".utf8))
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "--probes" || arguments[1] == "--documents" {
  do {
    if arguments[1] == "--probes" {
      try runProbes(directory: arguments[2], root: arguments[3])
    } else {
      try OperationDocuments(root: arguments[3]).write(to: arguments[2])
    }
    exit(0)
  } catch {
    FileHandle.standardError.write(Data("engine-benchmark: \(error)\n".utf8))
    exit(1)
  }
}
guard arguments.count >= 2 else {
  FileHandle.standardError.write(Data("usage: engine-benchmark PROJECT_ROOT [SECONDS_PER_ROUND]\n".utf8))
  exit(2)
}
do {
  if ProcessInfo.processInfo.environment["ENGINE_STAGES"] == "completion" {
    try CompletionBenchmark.run(root: arguments[1])
    exit(0)
  }
  try run(root: arguments[1], seconds: arguments.count > 2 ? Double(arguments[2]) ?? 2.0 : 2.0)
} catch {
  FileHandle.standardError.write(Data("engine-benchmark: \(error)\n".utf8))
  exit(1)
}
