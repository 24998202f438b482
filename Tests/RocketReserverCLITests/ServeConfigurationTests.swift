import CommandLineKit
import Foundation
import GraphQLHTTP
import LaunchBackend
import Testing

@testable import RocketReserverCLI

/// `serve`'s options land typed in one `ServeConfiguration`, whose defaults are the server's own
/// and whose `resolve` applies the rules between options in one place.
@Suite struct ServeConfigurationTests {
  /// The configuration `serve WORDS...` parses to.
  private func configuration(_ words: [String]) throws -> ServeConfiguration {
    let shared = ArgumentParser.Shared(options: GlobalOptions.declarations, allowsSession: true)
    let parsed = ArgumentParser.parse(words, for: ServeCommand().declaration, shared: shared)
    guard case .success(.run(let arguments)) = parsed.result else {
      Issue.record("serve \(words) did not parse: \(parsed.result)")
      return ServeConfiguration()
    }
    return ServeConfiguration(arguments.options)
  }

  @Test func theDefaultsHelpShowsAreTheServersOwn() {
    let defaults = Dictionary(
      uniqueKeysWithValues: ServeConfiguration.declarations.map { ($0.name, $0.defaultValue) })
    #expect(defaults["--max-cost"] == String(BackendLimits.defaultMaxCost))
    #expect(defaults["--max-response-bytes"] == String(BackendLimits.defaultMaxResponseBytes))
    #expect(defaults["--request-timeout"] == "5")
    #expect(defaults["--apq-max-bytes"] == String(PersistedQuerySettings().maxBytes))
    #expect(defaults["--max-connections-per-ip"] == "64")
    #expect(defaults["--event-retention-age"] == "7d")
    #expect(defaults["--session-max-age"] == "30d")
    #expect(defaults["--login-rate"] == String(LoginLimits.defaultLoginsPerMinute))
    #expect(defaults["--log-format"] == "text")
    // Options whose absence has no value of the CLI's own show no default.
    #expect(defaults["--max-executions-per-ip"] == .some(nil))
    #expect(defaults["--database"] == .some(nil))
  }

  @Test func optionsLandTypedInTheServersSettings() throws {
    let configuration = try configuration([
      "--port", "0", "--max-cost", "7", "--request-timeout", "0.25", "--no-apq", "--apq-max-entries", "3",
      "--event-retention-age", "90m", "--event-retention-count", "0", "--login-rate", "0", "--drain", "0",
      "--log-format", "json", "--reuse-port", "--max-connections-per-ip", "9",
    ])
    #expect(configuration.port == 0)
    #expect(configuration.limits == BackendLimits(maxCost: 7, timeout: .milliseconds(250)))
    #expect(!configuration.persisted.automatic && configuration.persisted.maxEntries == 3)
    #expect(configuration.server.reusePort && configuration.server.maxConnectionsPerAddress == 9)
    #expect(configuration.eventRetention == TripEventRetention(maxAge: .seconds(5400), maxCount: nil))
    #expect(configuration.loginLimits == LoginLimits(loginsPerMinute: 0))
    #expect(configuration.drain == .zero && configuration.logFormat == .json)
  }

  @Test func resolveAppliesTheRulesBetweenOptions() throws {
    var trusted = try configuration(["--persisted-only"])
    #expect(throws: ServeConfiguration.Problem.self) {
      try trusted.resolve(dataDirectoryGiven: false, databasePath: "/tmp/x.sqlite", environment: [:])
    }
    var both = try configuration(["--database", "postgresql://db/x"])
    #expect(throws: ServeConfiguration.Problem.self) {
      try both.resolve(dataDirectoryGiven: true, databasePath: "/tmp/x.sqlite", environment: [:])
    }
    var metrics = try configuration(["--no-metrics", "--metrics-address", "127.0.0.1:0"])
    #expect(throws: ServeConfiguration.Problem.self) {
      try metrics.resolve(dataDirectoryGiven: false, databasePath: "/tmp/x.sqlite", environment: [:])
    }

    let environment = ["DATABASE_URL": "postgresql://db/x"]
    var sqlite = try configuration([])
    let chosen = try sqlite.resolve(
      dataDirectoryGiven: true, databasePath: "/tmp/x.sqlite", environment: environment)
    #expect(chosen == .sqlite(path: "/tmp/x.sqlite"))
    #expect(sqlite.server.explorer && sqlite.server.briefAnswerMilliseconds != nil)

    var postgres = try configuration([
      "--database-pool", "40", "--max-executions-per-ip", "0", "--no-explorer",
    ])
    let database = try postgres.resolve(
      dataDirectoryGiven: false, databasePath: nil, environment: environment)
    #expect(database == .postgres(conninfo: "postgresql://db/x", poolSize: 40))
    #expect(postgres.server.executionThreads >= 40)
    #expect(postgres.server.maxExecutionsPerAddress == postgres.server.executionThreads)
    #expect(!postgres.server.explorer && postgres.server.briefAnswerMilliseconds == nil)
  }
}
