import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `auth status` lists the saved logins per endpoint (never a token), as `gh auth status` does;
/// `logout --all` forgets every one of them.
@Suite struct AuthStatusTests {
  @Test func statusListsEveryLoginAndLogoutAllForgetsThem() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    // A second login, for another server, as a login there would have saved it.
    let data = try Data(contentsOf: fixture.credentialsFile)
    var file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    var credentials = try #require(file["credentials"] as? [String: Any])
    credentials["http://127.0.0.1:9/graphql"] = ["email": "bob@example.com", "token": "secret-bob"]
    file["credentials"] = credentials
    try JSONSerialization.data(withJSONObject: file).write(to: fixture.credentialsFile)
    #expect(chmod(fixture.credentialsFile.path, 0o600) == 0)

    let status = try fixture.run(["auth", "status"])
    #expect(status.status == 0)
    #expect(
      status.standardOutput == """
        ENDPOINT                    EMAIL            CURRENT
        embedded backend            ada@example.com  yes
        http://127.0.0.1:9/graphql  bob@example.com

        """)
    #expect(!status.standardOutput.contains("secret"))
    let json = try fixture.run(["auth", "--json"])
    #expect(json.standardOutput.contains(#""email": "bob@example.com""#))
    #expect(!json.standardOutput.contains("secret"))

    let logout = try fixture.run(["logout", "--all"])
    #expect(logout.status == 0)
    #expect(
      logout.standardOutput
        == "logged out of the embedded backend (ada@example.com)\nlogged out of http://127.0.0.1:9/graphql (bob@example.com)\n"
    )
    #expect(!FileManager.default.fileExists(atPath: fixture.credentialsFile.path))
    let none = try fixture.run(["auth"])
    #expect(none.standardOutput.isEmpty)
    #expect(none.standardError.hasPrefix("no saved logins"))
  }
}
