import Foundation
import TestSupport
import Testing

/// `query` against a real incremental server (`Tests/Peers/incremental_server.py`, graphql-core
/// 3.3 framed as Apollo Server frames it), through the binary: each payload prints as it
/// arrives — the first while the deferred field is still held — then the merged result, as
/// NDJSON with `--json` and as text otherwise, in both formats; the shell prints the same.
@Suite(.enabled(if: IncrementalPeer.isAvailable)) struct IncrementalQueryTests {
  static let document = #"{ greeting ... @defer(label: "slow") { held } names @stream(initialCount: 1) }"#

  @Test func jsonPrintsEachPayloadAsItArrivesThenTheMergedResult() throws {
    let peer = try IncrementalPeer()
    let fixture = try ShellFixture()
    let output = Pipe()
    let process = try fixture.start(
      [
        "--endpoint", peer.endpoint.absoluteString, "--timeout", "60", "--json", "query", Self.document,
      ],
      output: output)
    defer { if process.isRunning { process.terminate() } }
    func nextLine() -> String {
      String(decoding: output.fileHandleForReading.readFirstLine(), as: UTF8.self)
    }
    // `held` waits for the release: these two come before it.
    #expect(
      nextLine()
        == #"{"data":{"greeting":"hello","names":["a"]},"pending":[{"id":"0","path":[],"label":"slow"},{"id":"1","path":["names"]}],"hasNext":true}"#
        + "\n")
    #expect(
      nextLine() == #"{"hasNext":true,"incremental":[{"items":["b","c"],"id":"1"}],"completed":[{"id":"1"}]}"#
        + "\n")
    peer.release()
    #expect(
      nextLine()
        == #"{"hasNext":false,"incremental":[{"data":{"held":"released"},"id":"0"}],"completed":[{"id":"0"}]}"#
        + "\n")
    #expect(nextLine() == #"{"data":{"greeting":"hello","names":["a","b","c"],"held":"released"}}"# + "\n")
    #expect(nextLine() == "")
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
  }

  @Test func textNamesEachPayloadInTheDeferSpecFormat() throws {
    let peer = try IncrementalPeer()
    peer.release()
    let fixture = try ShellFixture()
    let run = try fixture.run([
      "--endpoint", peer.endpoint.absoluteString, "--header", "Accept: multipart/mixed;deferSpec=20220824",
      "query", #"{ greeting ... @defer(label: "slow") { held } launch { id ... @defer { site } } }"#,
    ])
    #expect(run.status == 0, "\(run.standardError)")
    let payloads = run.standardOutput.split(separator: "\n").filter {
      !$0.hasPrefix(" ") && !$0.hasPrefix("{") && !$0.hasPrefix("}")
    }
    #expect(
      payloads == [
        "payload 1 (more to come):", "payload 2 (more to come):", "payload 3 (the last):", "merged result:",
      ])
    #expect(run.standardOutput.contains(#""label": "slow""#))
    #expect(!run.standardOutput.contains(#""pending""#))
    #expect(
      run.standardOutput.hasSuffix(
        """
        merged result:
        {
          "data": {
            "greeting": "hello",
            "launch": {
              "id": "1",
              "site": "Kwajalein Atoll"
            },
            "held": "released"
          }
        }

        """))
  }

  @Test func theShellPrintsAnIncrementalAnswerAndItsErrors() throws {
    let peer = try IncrementalPeer()
    let fixture = try ShellFixture()
    let run = try fixture.run(
      ["--endpoint", peer.endpoint.absoluteString], input: "{ greeting ... @defer { failing } }\n")
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardOutput.contains("payload 1 (more to come):\n{\n  \"data\": {\n    \"greeting\": \"hello\""))
    #expect(run.standardOutput.contains("payload 2 (the last):"))
    #expect(
      run.standardOutput.contains(
        "merged result:\n{\n  \"data\": {\n    \"greeting\": \"hello\"\n  },\n  \"errors\": ["))
    #expect(run.standardOutput.contains(#""message": "failing cannot be resolved""#))
  }
}

/// Ctrl-C in the shell while a deferred part is still to come: the payloads so far are shown,
/// then `cancelled`, and no merged result.
@Suite(.enabled(if: IncrementalPeer.isAvailable)) struct IncrementalInterruptTests {
  @Test func ctrlCAfterTheFirstPayloadCancelsTheRest() throws {
    let peer = try IncrementalPeer()
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["--endpoint", peer.endpoint.absoluteString])
    terminal.send("{ greeting ... @defer { held } }\n")
    try terminal.expect("payload 1 (more to come):", timeout: ShellFixture.patience)
    try terminal.expect("\"hasNext\": true", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains("cancelled"))
    #expect(!output.contains("merged result"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
