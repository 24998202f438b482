import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// A launch whose rocket failed on the server still shows its mission and site, and says which
/// field failed and why: against a real graphql-core 3.3 server whose `Launch.rocket` resolver
/// raises for launch 1 (`Tests/Peers/failing_rocket_graphql_server.py`), whose message carries
/// an escape sequence that must not reach the terminal. One-shot in text and `--json`, and in
/// the interactive shell.
@Suite(.enabled(if: IncrementalPeer.isAvailable)) struct FailedFieldTests {
  static let field = "launch.rocket: rocket of launch 1: unreadable record"

  @Test func oneShotTextShowsTheRestAndNamesTheField() throws {
    let peer = try FailingRocketPeer(failing: ["1"])
    let fixture = try ShellFixture()
    let run = try fixture.run(["--endpoint", peer.endpoint.absoluteString, "launch", "1"])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardOutput
        == "launch:   1\nmission:  FalconSat\nsite:     Kwajalein Atoll\nrocket:   failed (launch.rocket)\n"
        + "patch:    https://images2.imgbox.com/40/e3/GypSkayF_o.png\nbooked:   no\n")
    #expect(run.standardError.contains("rocket-reserver: " + Self.field), "\(run.standardError)")
    #expect(!run.standardError.contains("\u{1B}") && !run.standardError.contains("\u{07}"))

    // A launch whose rocket did not fail is whole, and the command succeeds.
    let whole = try fixture.run(["--endpoint", peer.endpoint.absoluteString, "launch", "2"])
    #expect(whole.status == 0, "\(whole.standardError)")
    #expect(whole.standardOutput.contains("rocket:   Falcon 1 Merlin A"))
  }

  /// The README's transcript of `launch 1` against this server is what the program prints (the
  /// port aside): the block that starts the peer, which `TranscriptTests` cannot replay.
  @Test func theReadmeTranscriptIsWhatTheProgramPrints() throws {
    let readme = try String(
      contentsOf: RepositoryRoot.url.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "$ python3 Tests/Peers/failing_rocket_graphql_server.py 1\n"))
    let block = try #require(readme[start.upperBound...].components(separatedBy: "\n```").first)
    var lines = block.components(separatedBy: "\n")
    #expect(lines.removeFirst() == "4000")
    #expect(lines.removeFirst() == "$ rocket-reserver --endpoint http://127.0.0.1:4000/graphql launch 1")
    #expect(lines.removeLast() == "(exit status 1)")
    let peer = try FailingRocketPeer(failing: ["1"])
    let fixture = try ShellFixture()
    let run = try fixture.run(["--endpoint", peer.endpoint.absoluteString, "launch", "1"])
    #expect(run.status == 1)
    #expect(run.standardOutput + run.standardError == lines.joined(separator: "\n") + "\n")
  }

  @Test func jsonKeepsTheDataAndTheErrors() throws {
    let peer = try FailingRocketPeer(failing: ["1"])
    let fixture = try ShellFixture()
    let run = try fixture.run(["--endpoint", peer.endpoint.absoluteString, "--json", "launch", "1"])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(!run.standardOutput.contains("\u{1B}"), "control characters are escaped")
    let document = try JSON(parsing: Array(run.standardOutput.utf8))
    let launch = document["data"]?["launch"]
    #expect(launch?["mission"]?["name"] == .string("FalconSat"))
    #expect(launch?["site"] == .string("Kwajalein Atoll"))
    #expect(launch?["rocket"] == .null)
    let error = document["errors"]?[0]
    #expect(error?["path"] == .array([.string("launch"), .string("rocket")]))
    #expect(error?["message"]?.stringValue?.hasPrefix("rocket of launch 1: unreadable record") == true)
    #expect(document["errors"]?.arrayValue?.count == 1)
  }

  @Test func launchesMarksTheCellAndNamesTheField() throws {
    let peer = try FailingRocketPeer(failing: ["109"])
    let fixture = try ShellFixture()
    let endpoint = peer.endpoint.absoluteString
    let run = try fixture.run(["--endpoint", endpoint, "--format", "tsv", "launches", "--page-size", "3"])
    #expect(run.status == 1, "\(run.standardError)")
    #expect(
      run.standardOutput
        == "ID\tMISSION\tROCKET\tSITE\tBOOKED\n110\tCRS-21\tFalcon 9 FT\tKSC LC 39A\t\n"
        + "109\tStarlink-15 (v1.0)\tfailed\tCCAFS SLC 40\t\n108\tSentinel-6 Michael Freilich\tFalcon 9 FT\tVAFB SLC 4E\t\n"
    )
    #expect(
      run.standardError.contains("launches.launches[1].rocket: rocket of launch 109: unreadable record"))

    let all = try fixture.run(["--endpoint", endpoint, "--json", "launches", "--all", "--page-size", "50"])
    #expect(all.status == 1, "\(all.standardError)")
    let document = try JSON(parsing: Array(all.standardOutput.utf8))
    #expect(document["data"]?["launches"]?["launches"]?.arrayValue?.count == 110)
    #expect(document["errors"]?.arrayValue?.count == 1)
  }

  @Test func theShellShowsItToo() throws {
    let peer = try FailingRocketPeer(failing: ["1"])
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["--endpoint", peer.endpoint.absoluteString])
    terminal.send("launch 1\n")
    let shown = try fixture.expectPrompt(terminal)
    #expect(shown.contains("mission:  FalconSat"), "\(shown)")
    #expect(shown.contains("site:     Kwajalein Atoll"))
    #expect(shown.contains("rocket:   failed (launch.rocket)"))
    #expect(shown.contains(Self.field), "\(shown)")
    #expect(
      !shown.contains("\u{1B}]0;") && !shown.contains("\u{1B}[2J"), "no server escape reaches the terminal")
    terminal.send("launch 2\n")
    #expect(try fixture.expectPrompt(terminal).contains("rocket:   Falcon 1 Merlin A"))
  }
}
