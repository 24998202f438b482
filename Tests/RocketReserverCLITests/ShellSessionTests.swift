import Foundation
import TestSupport
import Testing

/// A whole interactive session on the embedded backend, typed into a real pseudo-terminal.
@Suite struct ShellSessionTests {
  @Test func listPageInspectLogInBookAndCancel() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    // The shell opens the database only for the first request.
    #expect(!FileManager.default.fileExists(atPath: fixture.databaseFile.path))

    terminal.send("launches --page-size 3\n")
    var output = try fixture.expectPrompt(terminal)
    #expect(output.contains("ID   MISSION"))
    #expect(output.contains("110  CRS-21"))
    #expect(output.contains("108  Sentinel-6 Michael Freilich"))
    #expect(!output.contains("107"))
    #expect(output.contains("type 'more' for the next page"))

    terminal.send("more\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("107  Crew-1"))
    #expect(output.contains("105  Starlink-14"))
    #expect(!output.contains("110  CRS-21"))

    terminal.send("launch 1\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("mission:  FalconSat"))
    #expect(output.contains("site:     Kwajalein Atoll"))
    #expect(output.contains("rocket:   Falcon 1 Merlin A"))
    #expect(output.contains("patch:    https://"))
    #expect(output.contains("booked:   no"))

    terminal.send("login ada@example.com\n")
    let loggedIn = "rocket-reserver (ada@example.com)> "
    output = try fixture.expectPrompt(terminal, loggedIn)
    #expect(output.contains("logged in as ada@example.com"))
    #expect(output.contains("token stored in \(fixture.credentialsFile.path)"))

    terminal.send("book 110 107\n")
    output = try fixture.expectPrompt(terminal, loggedIn)
    #expect(output.contains("launch 110: booked"))
    #expect(output.contains("launch 107: booked"))

    terminal.send("trips\n")
    output = try fixture.expectPrompt(terminal, loggedIn)
    #expect(output.contains("110  CRS-21"))
    #expect(output.contains("107  Crew-1"))

    terminal.send("cancel 110\n")
    output = try fixture.expectPrompt(terminal, loggedIn)
    #expect(output.contains("launch 110: cancelled"))

    terminal.send("launch 107\n")
    output = try fixture.expectPrompt(terminal, loggedIn)
    #expect(output.contains("booked:   yes"))

    terminal.send("logout\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("logged out (ada@example.com)"))

    terminal.send("book 1\n")
    output = try fixture.expectPrompt(terminal)
    #expect(output.contains("log in first: login EMAIL"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)

    // The booking outlived the logout: a new login as the same user still has trip 107.
    let check = try fixture.run(["--no-color"], input: "login ada@example.com\ntrips\n")
    #expect(check.status == 0)
    #expect(check.standardOutput.contains("107  Crew-1"))
    #expect(!check.standardOutput.contains("110  CRS-21"))
    // Trips name rockets as the launch list does: name and type.
    #expect(check.standardOutput.contains("Crew-1   Falcon 9 FT  KSC LC 39A"))
  }

  @Test func theTokenIsNeverPrinted() throws {
    let fixture = try ShellFixture()
    let result = try fixture.run(["--no-color"], input: "login ada@example.com\nwhoami\n")
    #expect(result.status == 0)
    let stored = try String(contentsOf: fixture.credentialsFile, encoding: .utf8)
    let object = try JSONSerialization.jsonObject(with: Data(stored.utf8)) as? [String: Any]
    let entries = object?["credentials"] as? [String: [String: String]]
    let token = try #require(entries?["embedded"]?["token"])
    #expect(token.count >= 16)
    #expect(!result.standardOutput.contains(token))
    #expect(!result.standardError.contains(token))
    let json = try fixture.run(["--json", "login", "ada@example.com"])
    #expect(json.status == 0)
    #expect(json.standardOutput.contains("\"token\": \"<redacted>\""))

    // Failed commands leave the stored login alone.
    let stored2 = try String(contentsOf: fixture.credentialsFile, encoding: .utf8)
    let failed = try fixture.run([], input: "login nobody\nlogin a@b\nlaunch x\n")
    #expect(failed.status == 2)
    #expect(try String(contentsOf: fixture.credentialsFile, encoding: .utf8) == stored2)
    #expect(try fixture.run(["whoami"]).standardOutput.hasPrefix("ada@example.com"))
  }
}
