import Foundation
import TestSupport
import Testing

/// `--jq EXPR` through libjq on every command's JSON document, as gh's `--jq`: strings raw, one
/// result a line, jq's own messages; a runaway filter stopped within its limits.
@Suite struct JQFilterTests {
  /// The first launch's id as `launches --json` prints it.
  private func firstLaunchID(_ fixture: ShellFixture, endpoint: String) throws -> String {
    let whole = try fixture.run(["--endpoint", endpoint, "launches", "--json"])
    #expect(whole.status == 0, "\(whole.standardError)")
    let object = try JSONSerialization.jsonObject(with: Data(whole.standardOutput.utf8)) as? [String: Any]
    let page = object?["launches"] as? [String: Any]
    let launches = try #require(page?["launches"] as? [[String: Any]])
    return try #require(launches.first?["id"] as? String)
  }

  @Test func aFilterPrintsItsResultsRawOneALineAgainstServe() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let id = try firstLaunchID(fixture, endpoint: endpoint)
    // The page is `{"launches":{"cursor":...,"launches":[...]}}`.
    let run = try fixture.run([
      "--endpoint", endpoint, "launches", "--json", "--jq", ".launches.launches[0].id",
    ])
    #expect(run.status == 0, "\(run.standardError)")
    #expect(run.standardOutput == "\(id)\n")
    #expect(run.standardError.isEmpty)
    // Several results, one a line; values other than strings as compact JSON; --jq alone
    // implies --json.
    let many = try fixture.run([
      "--endpoint", endpoint, "launches", "--jq", ".launches.launches[:2][] | {id}, .id",
    ])
    #expect(many.status == 0, "\(many.standardError)")
    let lines = many.standardOutput.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.first == #"{"id":"\#(id)"}"#)
    #expect(lines.dropFirst().first == Substring(id))
    // Before the command too.
    let before = try fixture.run(["--endpoint", endpoint, "--jq", ".launches.hasMore", "launches"])
    #expect(before.status == 0)
    #expect(before.standardOutput == "true\n")
  }

  @Test func aSyntaxErrorIsAUsageErrorWithJqsMessage() throws {
    let fixture = try ShellFixture()
    for arguments in [["launches", "--jq", ".launches[0.id"], ["--jq", ".launches[0.id", "launches"]] {
      let run = try fixture.run(arguments)
      #expect(run.status == 2, "\(arguments)")
      #expect(run.standardOutput.isEmpty, "\(run.standardOutput)")
      #expect(
        run.standardError.contains(
          "--jq: syntax error, unexpected IDENT (Unix shell quoting issues?) at <top-level>, line 1: .launches[0.id"
        ),
        "\(run.standardError)")
    }
    // With --json too, which then prints its error document.
    let json = try fixture.run(["launches", "--json", "--jq", ".launches[0.id"])
    #expect(json.status == 2)
    #expect(json.standardOutput.contains(#""status": 2"#))
    let undefined = try fixture.run(["version", "--jq", "nosuch(1)"])
    #expect(undefined.status == 2)
    #expect(
      undefined.standardError.contains("--jq: nosuch/1 is not defined at <top-level>, line 1: nosuch(1)"))
    // Another format cannot be filtered.
    let csv = try fixture.run(["launches", "--format", "csv", "--jq", "."])
    #expect(csv.status == 2)
    #expect(csv.standardError.contains("--jq filters the JSON document: it cannot go with --format csv"))
  }

  @Test func anErrorTheFilterRaisesFailsTheCommandWithJqsMessage() throws {
    let fixture = try ShellFixture()
    let raised = try fixture.run(["version", "--jq", #".version, error("no such thing")"#])
    #expect(raised.status == 1)
    // The results before the error stand, as jq prints them.
    #expect(raised.standardOutput.split(separator: "\n").count == 1)
    #expect(raised.standardError.contains("--jq: no such thing"), "\(raised.standardError)")
    let indexed = try fixture.run(["launches", "--jq", ".launches[0].id"])
    #expect(indexed.status == 1)
    #expect(indexed.standardOutput.isEmpty)
    #expect(
      indexed.standardError.contains("--jq: Cannot index object with number"), "\(indexed.standardError)")
    // A failed command prints its error line only: no document for the filter.
    let failed = try fixture.run(["launch", "99999", "--jq", "."])
    #expect(failed.status != 0)
    #expect(failed.standardOutput.isEmpty, "\(failed.standardOutput)")
  }

  /// `[range(1e9)]`, `repeat(.)` and a string doubled 40 times end with a clear error within the
  /// limits (3 CPU seconds, 256 MiB, 32 MiB of results), measured as the kernel counts the
  /// program and the filter's process together.
  @Test(arguments: [
    ("[range(1e9)]", ["of CPU time", "of memory"]),
    ("repeat(.)", ["of CPU time", "results passed"]),
    ("reduce range(40) as $i (\"x\"; . + .)", ["of memory", "of CPU time"]),
  ])
  func aRunawayFilterIsStoppedWithinItsLimits(expression: String, messages: [String]) throws {
    let fixture = try ShellFixture()
    let run = try runMeasuredProcess(
      BuiltProduct.rocketReserver, ["version", "--jq", expression], environment: fixture.environment(),
      directory: fixture.root)
    #expect(run.result.status == 1, "\(run.result.standardError)")
    #expect(
      messages.contains { run.result.standardError.contains($0) }
        && run.result.standardError.contains("was stopped"),
      "\(run.result.standardError)")
    #expect(run.cpuTime < .seconds(20), "\(run.cpuTime)")
    #expect(run.maximumResidentBytes < 1 << 30, "\(run.maximumResidentBytes)")
  }

  /// `serve`'s ready line goes through the filter too: `--jq .url` prints the URL alone.
  @Test func serveFiltersItsReadyLine() throws {
    let fixture = try ShellFixture()
    let process = Process()
    let output = Pipe()
    process.executableURL = BuiltProduct.rocketReserver
    process.arguments = [
      "serve", "--port", "0", "--data-dir", fixture.root.appendingPathComponent("served").path, "--jq",
      ".url",
    ]
    process.environment = fixture.environment()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    defer {
      process.interrupt()
      process.waitUntilExit()
    }
    let line = String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
    #expect(line.hasPrefix("http://127.0.0.1:"), "\(line)")
    #expect(!line.contains("{"))
  }

  @Test func theShellFiltersEachLinesDocument() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let id = try firstLaunchID(fixture, endpoint: endpoint)
    let arguments = ["--endpoint", endpoint]
    let terminal = try fixture.startShell(arguments: arguments)
    terminal.send("launches --jq '.launches.launches[0] | \"first: \\(.id)\"'\n")
    try terminal.expect("first: \(id)\r\n", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("launches --jq '.launches[0.id'\n")
    try terminal.expect("--jq: syntax error", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("quit\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    // Piped lines too.
    let piped = try fixture.run(arguments, input: "launches --jq .launches.launches[0].id\n")
    #expect(piped.status == 0)
    #expect(piped.standardOutput == "\(id)\n")
  }
}
