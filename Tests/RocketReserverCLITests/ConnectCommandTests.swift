import Foundation
import TestSupport
import Testing

/// `connect` switches a shell to another server, as psql's `\c` does: the login, the prompt,
/// the launch ids Tab offers and the requests follow; a server that cannot be reached, a
/// malformed URL or an unknown profile leaves the shell where it was.
@Suite struct ConnectCommandTests {
  private func quit(_ terminal: PseudoTerminal) throws {
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  /// Empties the line being edited and waits for `prompt`.
  private func abandonLine(_ terminal: PseudoTerminal, _ fixture: ShellFixture, _ prompt: String) throws {
    terminal.sendControl("u")
    terminal.send("\n")
    try fixture.expectPrompt(terminal, prompt)
  }

  @Test func connectSwitchesTheServerItsLoginAndWhatTabOffers() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let served = try fixture.serve()
    let endpoint = served.endpoint.absoluteString
    let embedded = "rocket-reserver (ada@example.com)> "
    let remote = ShellFixture.prompt(arguments: ["--endpoint", endpoint])
    let terminal = try fixture.startShell(prompt: embedded)

    terminal.send("connect \(endpoint)\n")
    var output = try fixture.expectPrompt(terminal, remote)
    #expect(output.contains("connected to \(endpoint), not logged in"))
    // The login is per server: nobody on this one yet.
    terminal.send("whoami\n")
    output = try fixture.expectPrompt(terminal, remote)
    #expect(output.contains("not logged in"))
    terminal.send("login bob@example.com\n")
    let bob = ShellFixture.prompt(email: "bob@example.com", arguments: ["--endpoint", endpoint])
    try fixture.expectPrompt(terminal, bob)
    terminal.send("whoami\n")
    output = try fixture.expectPrompt(terminal, bob)
    #expect(output.contains("bob@example.com (user"))
    #expect(output.contains("on \(endpoint)"))

    // Tab knows only what this server's answers showed, not the embedded catalog.
    terminal.send("launches --page-size 3\n")
    try fixture.expectPrompt(terminal, bob)
    terminal.send("launch 1\t")
    output = try fixture.expectPrompt(terminal, bob)
    #expect(output.contains("108  ("))
    #expect(output.contains("110  ("))
    #expect(!output.contains("100  ("))
    try abandonLine(terminal, fixture, bob)

    // Back: Ada's login and the embedded backend's ids again.
    terminal.send("connect embedded\n")
    output = try fixture.expectPrompt(terminal, embedded)
    #expect(output.contains("connected to the embedded backend, as ada@example.com"))
    terminal.send("launch 10\t")
    output = try fixture.expectPrompt(terminal, embedded)
    #expect(output.contains("100  ("))
    try abandonLine(terminal, fixture, embedded)
    terminal.send("connect\n")
    output = try fixture.expectPrompt(terminal, embedded)
    #expect(output.contains("connected to the embedded backend, as ada@example.com"))
    try quit(terminal)
  }

  @Test func anUnreachableOrMalformedEndpointLeavesTheShellWhereItWas() throws {
    let fixture = try ShellFixture()
    let closed = try LoopbackHTTPStub.closedPort()
    let terminal = try fixture.startShell()
    terminal.send("connect http://127.0.0.1:\(closed)/graphql\n")
    var output = try fixture.expectPrompt(terminal)
    #expect(output.contains("127.0.0.1:\(closed)"))
    #expect(output.contains("still connected to the embedded backend"))
    terminal.send("connect garbage\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("connect: invalid endpoint 'garbage': use an http:// or https:// URL"))
    terminal.send("connect --profile nosuch\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("no profile 'nosuch'"))
    terminal.send("whoami; connect\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("connected to the embedded backend, not logged in"))
    try quit(terminal)
  }

  @Test func aProfileChoosesTheServerAndATokenStaysWithItsServer() async throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let config = fixture.root.appendingPathComponent("config/rocket-reserver")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try "[profile stub]\nendpoint = \(stub.url().absoluteString)\n".write(
      to: config.appendingPathComponent("config"), atomically: true, encoding: .utf8)
    let terminal = try fixture.startShell(arguments: ["--header", "Authorization: Bearer s3cret"])
    // Tab offers the file's profiles.
    terminal.send("connect --profile s\t")
    try terminal.expect("tub ", timeout: ShellFixture.patience)
    terminal.send("\n")
    let remote = ShellFixture.prompt(arguments: ["--endpoint", stub.url().absoluteString])
    let output = try fixture.expectPrompt(terminal, remote)
    #expect(
      output.contains("the Authorization header given at start is not sent to \(stub.url().absoluteString)"))
    terminal.send("total\n")
    #expect(try fixture.expectPrompt(terminal, remote).contains("7"))
    #expect(await stub.waitForRequests(count: 2))
    #expect(stub.requests.allSatisfy { $0.header("Authorization") == nil })
    try quit(terminal)
  }

  @Test func scriptsMayConnectAndOneShotCommandsMayNot() throws {
    let stub = try LoopbackHTTPStub(response: .json(#"{"data":{"totalTripsBooked":7}}"#))
    let fixture = try ShellFixture()
    let endpoint = stub.url().absoluteString
    let script = try fixture.run(["-c", "connect \(endpoint); total --json"])
    #expect(script.status == 0, "\(script.standardError)")
    #expect(script.standardOutput.contains("connected to \(endpoint), not logged in"))
    #expect(script.standardOutput.contains(#""totalTripsBooked": 7"#))
    let oneShot = try fixture.run(["connect", endpoint])
    #expect(oneShot.status == 2)
    #expect(oneShot.standardError.contains("connect is for the shell and scripts"))
  }
}
