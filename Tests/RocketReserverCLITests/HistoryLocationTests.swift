import Testing

@testable import RocketReserverCLI

@Suite struct HistoryLocationTests {
  @Test func followsXDGStateHome() {
    #expect(
      HistoryLocation.path(environment: ["XDG_STATE_HOME": "/s", "HOME": "/h"])
        == "/s/rocket-reserver/history")
  }

  @Test func fallsBackToHomeWhenUnsetEmptyOrRelative() {
    let expected = "/h/.local/state/rocket-reserver/history"
    #expect(HistoryLocation.path(environment: ["HOME": "/h"]) == expected)
    #expect(HistoryLocation.path(environment: ["XDG_STATE_HOME": "", "HOME": "/h"]) == expected)
    #expect(HistoryLocation.path(environment: ["XDG_STATE_HOME": "rel", "HOME": "/h/"]) == expected)
  }

  @Test func noUsableDirectoryMeansNoFile() {
    #expect(HistoryLocation.path(environment: [:]) == nil)
  }
}
