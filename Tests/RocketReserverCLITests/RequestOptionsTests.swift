import CommandLineKit
import RocketClient
import Testing

@testable import RocketReserverCLI

/// `--timeout`, `--header`, `--verbose` and `ROCKET_RESERVER_TIMEOUT`, as parsed.
@Suite struct RequestOptionsTests {
  @Test(arguments: [
    ("30", 30_000), ("0.5", 500), ("2.25", 2_250), (".75", 750), ("1.", 1_000), ("0.0001", 1), ("0.0014", 2),
    ("86400", 86_400_000),
  ])
  func timeoutsAreDecimalSecondsToTheMillisecond(text: String, milliseconds: Int) throws {
    #expect(try GlobalOptions.parse(["--timeout", text]).timeout == .milliseconds(milliseconds))
    #expect(try GlobalOptions.parse(["--timeout=\(text)", "total"]).timeout == .milliseconds(milliseconds))
  }

  @Test(arguments: ["0", "0.000", "-1", "+1", "1e3", "inf", "nan", "0x10", "1.2.3", "86400.001", " 1", ""])
  func badTimeoutsAreRefused(text: String) {
    #expect(throws: UsageError.self) { try GlobalOptions.parse(["--timeout", text, "total"]) }
  }

  @Test func headersRepeatAndVerboseHasAShortForm() throws {
    let options = try GlobalOptions.parse([
      "-v", "--header", "X-A: 1", "--header", "x-a:2 ", "--verbose", "total",
    ])
    #expect(options.verbose)
    #expect(Array(options.headers) == [.init(name: "X-A", value: "1"), .init(name: "x-a", value: "2")])
    #expect(options.command == ["total"])
  }

  @Test func theTimeoutOptionWinsOverTheEnvironment() throws {
    let environment = ["ROCKET_RESERVER_TIMEOUT": "0.25", "HOME": "/nonexistent", "XDG_DATA_HOME": "/tmp/x"]
    let fromEnvironment = try RocketReserverMain.makeSession(
      options: GlobalOptions.parse(["--endpoint", "http://127.0.0.1:9/graphql"]), environment: environment)
    #expect(fromEnvironment.requestOptions.timeout == .milliseconds(250))
    let fromOption = try RocketReserverMain.makeSession(
      options: GlobalOptions.parse(["--timeout", "2", "--endpoint", "http://127.0.0.1:9/graphql"]),
      environment: environment)
    #expect(fromOption.requestOptions.timeout == .seconds(2))
    #expect(throws: UsageError.self) {
      try RocketReserverMain.makeSession(
        options: GlobalOptions.parse([]), environment: ["ROCKET_RESERVER_TIMEOUT": "later", "HOME": "/tmp"])
    }
  }
}
