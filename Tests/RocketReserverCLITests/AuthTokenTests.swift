import Foundation
import TestSupport
import Testing

/// `auth token` prints the saved token of the session's endpoint, as `gh auth token` does: alone
/// on standard output for a script, with a warning on a terminal; nothing and status 77 without
/// a login; never into the history.
@Suite struct AuthTokenTests {
  /// The token `credentials.json` holds for `endpoint`.
  private func savedToken(_ fixture: ShellFixture, endpoint: String) throws -> String {
    let data = try Data(contentsOf: fixture.credentialsFile)
    let file = try JSONSerialization.jsonObject(with: data) as? [String: Any]
    let credentials = file?["credentials"] as? [String: Any]
    let login = credentials?[endpoint] as? [String: Any]
    return try #require(login?["token"] as? String)
  }

  @Test func printsTheTokenOfThisEndpointOnlyAgainstServe() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let before = try fixture.run(["--endpoint", endpoint, "auth", "token"])
    #expect(before.status == 77)
    #expect(before.standardOutput.isEmpty)
    #expect(before.standardError.contains("no token saved for \(endpoint): log in first: login EMAIL"))
    #expect(try fixture.run(["--endpoint", endpoint, "login", "ada@example.com"]).status == 0)
    #expect(try fixture.run(["login", "bob@example.com"]).status == 0)
    let token = try savedToken(fixture, endpoint: endpoint)
    let run = try fixture.run(["--endpoint", endpoint, "auth", "token"])
    #expect(run.status == 0)
    #expect(run.standardOutput == token + "\n")
    // Not a terminal: no warning to get in a script's way.
    #expect(run.standardError.isEmpty)
    // The token works: the server knows who it is.
    let whoami = try fixture.run([
      "--endpoint", endpoint, "--header", "Authorization: \(token)", "whoami",
    ])
    #expect(whoami.standardOutput.contains("ada@example.com"), "\(whoami.standardOutput)")
    // The embedded backend's token is another.
    let embedded = try fixture.run(["auth", "token"])
    #expect(embedded.standardOutput == (try savedToken(fixture, endpoint: "embedded")) + "\n")
    #expect(embedded.standardOutput != run.standardOutput)
    let json = try fixture.run(["--endpoint", endpoint, "auth", "token", "--jq", ".auth.token"])
    #expect(json.standardOutput == token + "\n")
    // `auth` (status) still never shows it.
    #expect(!(try fixture.run(["--endpoint", endpoint, "auth"])).standardOutput.contains(token))
  }

  @Test func aTerminalGetsAWarningAndTheHistoryNoToken() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let token = try savedToken(fixture, endpoint: "embedded")
    let terminal = try fixture.startShell(prompt: ShellFixture.prompt(email: "ada@example.com"))
    terminal.send("auth token\n")
    try terminal.expect(
      "warning: this token lets anyone act as ada@example.com", timeout: ShellFixture.patience)
    try terminal.expect(token + "\r\n", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("quit\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
    let history = try String(contentsOf: fixture.historyFile, encoding: .utf8)
    // libedit's history file encodes the space: the line was kept, the token was not.
    #expect(history.contains("auth"), "\(history)")
    #expect(!history.contains(token))
    // Logged out: nothing printed, status 77.
    #expect(try fixture.run(["logout"]).status == 0)
    let after = try fixture.run(["auth", "token"])
    #expect(after.status == 77)
    #expect(after.standardOutput.isEmpty)
  }
}
