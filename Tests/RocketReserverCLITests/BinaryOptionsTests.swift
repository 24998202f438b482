import Foundation
import TestSupport
import Testing

/// Drives the real `rocket-reserver` binary with its global options.
@Suite struct BinaryOptionsTests {
  @Test func helpPrintsUsageAndExitsZero() throws {
    let result = try runProcess(BuiltProduct.rocketReserver, ["--help"])
    #expect(result.status == 0)
    #expect(result.standardOutput.contains("Usage:"))
    #expect(result.standardError.isEmpty)
  }

  @Test func versionPrintsTheVersion() throws {
    let result = try runProcess(BuiltProduct.rocketReserver, ["--version"])
    #expect(result.status == 0)
    #expect(result.standardOutput.hasPrefix("rocket-reserver "))
  }

  @Test func unknownOptionIsOneLineErrorWithHintAndStatus2() throws {
    let result = try runProcess(BuiltProduct.rocketReserver, ["--bogus"])
    #expect(result.status == 2)
    #expect(result.standardOutput.isEmpty)
    #expect(
      result.standardError
        == "rocket-reserver: unknown option '--bogus'\nTry 'rocket-reserver --help' for more information.\n")
  }
}
