import Foundation
import TestSupport
import Testing

/// Error lines: long words shortened everywhere, and each message saying what is really wrong.
@Suite struct ErrorWordingTests {
  @Test func longArgumentsAreNeverEchoedInFull() throws {
    let fixture = try ShellFixture()
    let long = String(repeating: "7x", count: 5000)
    for arguments in [
      ["launch", long], [long], ["launches", "--page-size", long], ["launch", "1", long],
      ["--" + long], ["--timeout", long, "total"], ["--endpoint", long, "total"],
      ["launches", "--search", "x", "--" + long],
    ] {
      let run = try fixture.run(arguments)
      #expect(run.status == 2, "\(arguments.map { $0.prefix(20) })")
      #expect(!run.standardError.contains(String(repeating: "7x", count: 30)))
      #expect(
        run.standardError.contains("(10000 characters)") || run.standardError.contains("(10002 characters)"))
    }
  }

  @Test func messagesSayWhatIsWrong() throws {
    let fixture = try ShellFixture()
    let expectations: [([String], [String: String], String)] = [
      (
        ["launch", "99999999999999999999999"], [:],
        "launch: '99999999999999999999999' is out of range: launch ids have at most 9 digits"
      ),
      (["cache", "bogus"], [:], "cache: 'bogus' is not an action: use one of clear, show"),
      (["launches", "--search", ""], [:], "launches: the value is empty: give some text"),
      (
        ["--endpoint", "http://x%1B%5B31m/", "total"], [:],
        "invalid endpoint 'http://x%1B%5B31m/' (--endpoint): the host name has escaped characters in it"
      ),
      (
        ["total"], ["ROCKET_RESERVER_ENDPOINT": "garbage"],
        "invalid endpoint 'garbage' (ROCKET_RESERVER_ENDPOINT): use an http:// or https:// URL"
      ),
      (["--search", "x", "launches"], [:], "--search belongs after the command: launches --search TEXT"),
    ]
    for (arguments, environment, message) in expectations {
      let run = try fixture.run(arguments, environment: environment)
      #expect(run.status == 2)
      #expect(run.standardError.hasPrefix("rocket-reserver: \(message)\n"), "\(run.standardError)")
    }
  }

  @Test func cacheAgesReadNaturally() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    #expect(try fixture.run(["--endpoint", endpoint, "total"]).status == 0)
    let cache = try fixture.run(["--endpoint", endpoint, "cache"])
    #expect(!cache.standardOutput.contains(" to "))
    #expect(cache.standardOutput.contains("age:      "))
    let missing = try fixture.run(["--endpoint", endpoint, "--cache", "cache-only", "launch", "1"])
    #expect(missing.status == 69)
    #expect(
      missing.standardError
        == "rocket-reserver: nothing cached for launch details (--cache cache-only: no request was sent)\n")
  }
}
