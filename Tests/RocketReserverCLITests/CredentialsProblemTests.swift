import Foundation
import TestSupport
import Testing

/// A credentials file that is too open or corrupt: commands that need no login go on with one
/// warning; those that need one fail with the file's problem and status 78 (EX_CONFIG).
@Suite struct CredentialsProblemTests {
  @Test func anOpenFileWarnsForPublicCommandsAndStopsThoseNeedingALogin() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    #expect(chmod(fixture.credentialsFile.path, 0o644) == 0)
    let launch = try fixture.run(["launch", "1"])
    #expect(launch.status == 0)
    #expect(launch.standardOutput.contains("FalconSat"))
    #expect(launch.standardError.hasPrefix("rocket-reserver: warning: "))
    #expect(launch.standardError.contains("chmod 600"))
    #expect(launch.standardError.split(separator: "\n").count == 1)
    #expect(try fixture.run(["launches"]).status == 0)
    let trips = try fixture.run(["trips"])
    #expect(trips.status == 78)
    #expect(trips.standardError.contains("chmod 600"))
  }

  @Test func aCorruptFileIsAConfigurationError() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    try Data("not json".utf8).write(to: fixture.credentialsFile)
    #expect(chmod(fixture.credentialsFile.path, 0o600) == 0)
    let launches = try fixture.run(["launches", "--format", "ids"])
    #expect(launches.status == 0)
    #expect(launches.standardError.contains("warning"))
    for command in [["book", "1"], ["login", "bob@example.com"]] {
      let run = try fixture.run(command)
      #expect(run.status == 78, "\(command): \(run.standardError)")
      #expect(run.standardError.contains(fixture.credentialsFile.path))
      // Said once: no warning first and then the same words as the error.
      #expect(run.standardError.split(separator: "\n").count == 1, "\(command): \(run.standardError)")
      #expect(!run.standardError.contains("warning"))
    }
    #expect(try Data(contentsOf: fixture.credentialsFile) == Data("not json".utf8))
  }
}
