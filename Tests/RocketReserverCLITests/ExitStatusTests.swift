import Foundation
import TestSupport
import Testing

/// One-shot and piped use: the documented exit statuses and the one-line error for each bad input.
@Suite struct ExitStatusTests {
  @Test func oneShotStatuses() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["total"]).status == 0)
    let unknown = try fixture.run(["launch", "999"])
    #expect(unknown.status == 1)
    #expect(unknown.standardError == "rocket-reserver: no launch with id 999\n")
    let usage = try fixture.run(["launch", "abc"])
    #expect(usage.status == 2)
    #expect(
      usage.standardError == "rocket-reserver: launch: 'abc' is not a launch id (a number such as 42)\n")
    let loggedOut = try fixture.run(["book", "1"])
    #expect(loggedOut.status == 77)
    #expect(loggedOut.standardError == "rocket-reserver: log in first: login EMAIL\n")
    let closed = try LoopbackHTTPStub.closedPort()
    let endpoint = "http://127.0.0.1:\(closed)/graphql"
    let unreachable = try fixture.run(["--endpoint", endpoint, "launches"])
    #expect(unreachable.status == 69)
    #expect(unreachable.standardError == "rocket-reserver: cannot reach \(endpoint): connection refused\n")
    let viaEnvironment = try fixture.run(["total"], environment: ["ROCKET_RESERVER_ENDPOINT": endpoint])
    #expect(viaEnvironment.status == 69)
    #expect(viaEnvironment.standardError.contains(endpoint))
  }

  @Test func helpListsEveryExitStatusTheOutboxsAmongThem() throws {
    let help = try ShellFixture().run(["--help"])
    #expect(help.status == 0)
    let statuses = (help.standardOutput.components(separatedBy: "Exit status:").last ?? "").replacing(
      "\n", with: " ")
    for status in [0, 1, 2, 66, 69, 74, 75, 77, 78] {
      #expect(statuses.contains(" \(status) "), "status \(status) in --help")
    }
    #expect(statuses.contains("75 a book or cancel queued in the outbox"))
  }

  @Test func everyBadInputIsOneLineAndTheRestRuns() throws {
    let fixture = try ShellFixture()
    let input = """
      lanch
      launch
      launch abc
      launch 999
      book 1
      cancel x
      login not-an-email
      login ada@example.com
      book 1 999
      cancel 2000
      launches --page-size 0
      total

      """
    let result = try fixture.run(["--no-color"], input: input)
    #expect(result.status == 2)
    let lines = result.standardError.split(separator: "\n").map(String.init)
    #expect(
      lines == [
        "rocket-reserver: line 1: unknown command 'lanch' (did you mean 'launch'?)",
        "rocket-reserver: line 2: launch: missing ID (the launch's id) (usage: launch ID)",
        "rocket-reserver: line 3: launch: 'abc' is not a launch id (a number such as 42)",
        "rocket-reserver: line 4: no launch with id 999",
        "rocket-reserver: line 5: log in first: login EMAIL",
        "rocket-reserver: line 6: cancel: 'x' is not a launch id (a number such as 42)",
        "rocket-reserver: line 7: login: invalid email 'not-an-email': an email address must contain exactly one @",
        "rocket-reserver: line 9: book 999: no launch with id 999",
        "rocket-reserver: line 10: cancel 2000: no launch with id 2000",
        "rocket-reserver: line 11: launches: --page-size takes a number from 1 to 100, not '0'",
      ])
    // The lines between and after the failures ran: the login, the booking of 1, the total.
    #expect(result.standardOutput.contains("logged in as ada@example.com"))
    #expect(result.standardOutput.contains("launch 1: booked"))
    #expect(result.standardOutput.contains("1 trip booked in all"))
  }

  @Test func pipedStatusIsTheFirstFailure() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run([], input: "launches\nmore\ntotal\n").status == 0)
    #expect(try fixture.run([], input: "total\nbook 1\nlaunch 999\n").status == 77)
    #expect(try fixture.run([], input: "launch 999\nbook 1\n").status == 1)
    let closed = try LoopbackHTTPStub.closedPort()
    let unreachable = try fixture.run(
      ["--endpoint", "http://127.0.0.1:\(closed)/graphql"], input: "help\ntotal\nlaunch x\n")
    #expect(unreachable.status == 69)
  }

  @Test func optionsAreCheckedBeforeAnythingRuns() throws {
    let fixture = try ShellFixture()
    let badEndpoint = try fixture.run(["--endpoint", "ftp://example.com", "total"])
    #expect(badEndpoint.status == 2)
    #expect(badEndpoint.standardError.hasPrefix("rocket-reserver: invalid endpoint 'ftp://example.com'"))
    let missing = try fixture.run(["--data-dir"])
    #expect(missing.status == 2)
    #expect(missing.standardError.hasPrefix("rocket-reserver: option '--data-dir' needs a value\n"))
    // `help` opens no database.
    #expect(try fixture.run(["help"]).status == 0)
    #expect(!FileManager.default.fileExists(atPath: fixture.databaseFile.path))
  }

  @Test func dataDirectoryHoldsTheDatabase() throws {
    let fixture = try ShellFixture()
    let directory = fixture.root.appendingPathComponent("elsewhere")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let result = try fixture.run(
      ["--data-dir", directory.path], input: "login ada@example.com\nbook 3\n")
    #expect(result.status == 0)
    #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("backend.sqlite").path))
    #expect(!FileManager.default.fileExists(atPath: fixture.databaseFile.path))
  }

  @Test func aServerErrorShowsItsMessage() throws {
    let stub = try LoopbackHTTPStub(
      response: .json(#"{"errors":[{"message":"the launch catalog is on fire"}]}"#))
    let fixture = try ShellFixture()
    let result = try fixture.run(["--endpoint", stub.url().absoluteString, "total"])
    #expect(result.status == 1)
    #expect(result.standardError == "rocket-reserver: the server answered: the launch catalog is on fire\n")
  }

  @Test func moreWalksToTheEndAndSaysSo() throws {
    let fixture = try ShellFixture()
    let walk = try fixture.run(["--no-color"], input: "launches --page-size 100\nmore\nmore\n")
    #expect(walk.status == 0)
    // Hints are for the shell: a script's output holds the launches only.
    #expect(!walk.standardOutput.contains("type 'more'"))
    #expect(walk.standardOutput.contains("\n1   FalconSat"))
    #expect(walk.standardError == "no more launches\n")
    let alone = try fixture.run(["more"])
    #expect(alone.status == 1)
    #expect(alone.standardError == "rocket-reserver: no launches listed yet: type 'launches' first\n")
  }

  @Test func jsonCanBeAskedForOneCommand() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run([], input: "launch 1 --json\ntotal\n")
    #expect(result.status == 0)
    let firstObject = try #require(result.standardOutput.components(separatedBy: "\n}\n").first)
    let parsed = try JSONSerialization.jsonObject(with: Data((firstObject + "\n}").utf8))
    let launch = (parsed as? [String: Any])?["launch"] as? [String: Any]
    #expect(launch?["id"] as? String == "1")
    #expect((launch?["mission"] as? [String: Any])?["name"] as? String == "FalconSat")
    #expect(launch?["isBooked"] as? Bool == false)
    #expect(result.standardOutput.hasSuffix("}\n0 trips booked in all\n"))
  }
}
