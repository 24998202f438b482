import Foundation
import TestSupport
import Testing

/// `--header 'Authorization: TOKEN'` replaces the saved token for every command, those that
/// need a login included; a token the server does not accept is said to be rejected.
@Suite struct HeaderAuthorizationTests {
  /// Logs ada in and returns her token, then forgets the saved login.
  private func token(_ fixture: ShellFixture) throws -> String {
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let data = try Data(contentsOf: fixture.credentialsFile)
    let file = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let credentials = file?["credentials"] as? [String: [String: String]]
    let token = try #require(credentials?["embedded"]?["token"])
    try FileManager.default.removeItem(at: fixture.credentialsFile)
    return token
  }

  @Test func aGivenTokenServesTheCommandsThatNeedALogin() throws {
    let fixture = try ShellFixture()
    let header = "Authorization: \(try token(fixture))"
    let book = try fixture.run(["--header", header, "book", "3"])
    #expect(book.status == 0, "\(book.standardError)")
    let trips = try fixture.run(["--header", header, "trips", "--format", "ids"])
    #expect(trips.status == 0, "\(trips.standardError)")
    #expect(trips.standardOutput == "3\n")
    let cancel = try fixture.run(["cancel", "3", "--header", header])
    #expect(cancel.status == 0, "\(cancel.standardError)")
    // Nobody is saved as logged in: without the header it is still "log in first".
    #expect(try fixture.run(["trips"]).status == 77)
  }

  @Test func aBogusTokenIsRejectedNotLoggedOut() throws {
    let fixture = try ShellFixture()
    for command in [["trips"], ["whoami"], ["book", "3"]] {
      let run = try fixture.run(["--header", "Authorization: bogus"] + command)
      #expect(run.status == 77)
      #expect(
        run.standardError
          == "rocket-reserver: the server rejected the token given with --header 'Authorization: ...'\n")
    }
  }
}
