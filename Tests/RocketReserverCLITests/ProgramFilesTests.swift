import RocketClient
import Testing

@testable import RocketReserverCLI

/// The program's own files sit under its XDG directories (`ApplicationDirectories`).
@Suite struct ProgramFilesTests {
  @Test func historyAndBackendDatabaseLiveUnderStateAndData() throws {
    let directories = try ApplicationDirectories(
      environment: ["HOME": "/home/ada", "XDG_STATE_HOME": "/x/state/", "XDG_DATA_HOME": "/x/data"])
    #expect(directories.historyFile == "/x/state/rocket-reserver/history")
    #expect(directories.backendDatabaseFile == "/x/data/rocket-reserver/backend.sqlite")
  }
}
