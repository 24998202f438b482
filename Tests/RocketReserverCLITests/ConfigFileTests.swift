import Foundation
import TestSupport
import Testing

/// `$XDG_CONFIG_HOME/rocket-reserver/config`: defaults and named profiles, under the command
/// line and the environment; a mistake names the file and line (status 78).
@Suite struct ConfigFileTests {
  private func write(_ text: String, _ fixture: ShellFixture) throws -> URL {
    let file = fixture.root.appendingPathComponent("config/rocket-reserver/config")
    try FileManager.default.createDirectory(
      at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func profilesAndDefaultsApplyUnderTheCommandLine() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    _ = try write(
      """
      # defaults
      format = ids
      header = X-Team: rockets

      [profile stub]
      endpoint = \(stub.url().absoluteString)
      timeout = 5
      """, fixture)
    let embedded = try fixture.run(["launches", "--page-size", "2"])
    #expect(embedded.standardOutput == "110\n109\n")
    // A default format is no error for a command without rows.
    #expect(try fixture.run(["help"]).status == 0)
    let viaOption = try fixture.run(["--profile", "stub", "total", "--format", "table"])
    #expect(viaOption.standardOutput == "7 trips booked in all\n", "\(viaOption.standardError)")
    #expect(stub.requests.last?.header("x-team") == "rockets")
    let viaEnvironment = try fixture.run(
      ["--format", "table", "total"], environment: ["ROCKET_RESERVER_PROFILE": "stub"])
    #expect(viaEnvironment.standardOutput == "7 trips booked in all\n")
    // The command line wins over the profile.
    let overridden = try fixture.run(
      ["--profile", "stub", "--endpoint", "http://127.0.0.1:9/graphql", "total"])
    #expect(overridden.status == 69)
  }

  @Test func mistakesNameTheFileAndLine() throws {
    let fixture = try ShellFixture()
    let file = try write("format = table\ncolour = always\n", fixture)
    let bad = try fixture.run(["total"])
    #expect(bad.status == 78)
    #expect(bad.standardError.hasPrefix("rocket-reserver: config: \(file.path):2: unknown key 'colour'"))
    _ = try write("endpoint = garbage\n", fixture)
    #expect(try fixture.run(["total"]).standardError.contains(":1: invalid endpoint 'garbage'"))
    _ = try write("format = table\n", fixture)
    let missing = try fixture.run(["--profile", "nope", "total"])
    #expect(missing.status == 78)
    #expect(missing.standardError == "rocket-reserver: config: no profile 'nope' in \(file.path)\n")
  }
}
