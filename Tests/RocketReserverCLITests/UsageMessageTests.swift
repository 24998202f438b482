import Foundation
import GraphQLWire
import TestSupport
import Testing

/// Usage errors read as what went wrong: a JSON document for every failure under `--json`, an
/// id that is not one said so (not taken for an option), `cache show` told what it lacks.
@Suite struct UsageMessageTests {
  @Test(arguments: [
    ["--json", "--bogus"], ["--format", "json", "--bogus", "launches"], ["--json", "--timeout", "x"],
  ])
  func anUnknownProgramOptionUnderJSONPrintsTheErrorDocument(arguments: [String]) throws {
    let run = try ShellFixture().run(arguments)
    #expect(run.status == 2)
    let document = try JSON(parsing: Array(run.standardOutput.utf8))
    #expect(document["error"]?["status"] == .int(2), "\(run.standardOutput)")
    let message = try #require(document["error"]?["message"]?.stringValue)
    #expect(run.standardError.hasPrefix("rocket-reserver: \(message)\n"))
  }

  @Test func withoutJSONAUsageErrorPrintsNothingOnStandardOutput() throws {
    let run = try ShellFixture().run(["--bogus"])
    #expect(run.status == 2)
    #expect(run.standardOutput.isEmpty)
    #expect(run.standardError.hasPrefix("rocket-reserver: unknown option '--bogus'"))
  }

  @Test(arguments: ["-1", "-42"])
  func aNegativeLaunchIDIsNotALaunchIDNotAnUnknownOption(word: String) throws {
    let run = try ShellFixture().run(["launch", word])
    #expect(run.status == 2)
    #expect(run.standardError.contains("'\(word)' is not a launch id"), "\(run.standardError)")
    #expect(!run.standardError.contains("unknown option"))
  }

  @Test func cacheShowSaysWhatItLacks() throws {
    let fixture = try ShellFixture()
    let endpoint = "http://127.0.0.1:\(try LoopbackHTTPStub.closedPort())/graphql"
    let neither = try fixture.run(["--endpoint", endpoint, "cache", "show"])
    #expect(neither.status == 2)
    #expect(
      neither.standardError
        == "rocket-reserver: cache show: give a record's key (cache show Launch:42) or --query SELECTION\n")
    let both = try fixture.run([
      "--endpoint", endpoint, "cache", "show", "Launch:1", "--query", "launch(id: 1) { id }",
    ])
    #expect(both.status == 2)
    #expect(both.standardError.hasSuffix(", not both\n"))
  }
}
