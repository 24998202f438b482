import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What the interactive shell shows, in a real terminal.
@Suite struct ShellBehaviourTests {
  private func quit(_ terminal: PseudoTerminal) throws {
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func thePromptFollowsLoginsMadeByOtherProcesses() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    terminal.send("\n")
    try fixture.expectPrompt(terminal, "rocket-reserver (ada@example.com)> ")
    terminal.send("trips\n")
    let output = try fixture.expectPrompt(terminal, "rocket-reserver (ada@example.com)> ")
    #expect(output.contains("no trips booked yet"))
    #expect(try fixture.run(["logout"]).status == 0)
    terminal.send("\n")
    try fixture.expectPrompt(terminal)
    try quit(terminal)
  }

  @Test func ctrlCDuringAMutationSaysWhatIsKnown() async throws {
    let stub = try LoopbackHTTPStub { request in
      guard request.carriesQueryText else { return .mustProvideQuery }
      let body = String(decoding: request.body, as: UTF8.self)
      if body.contains("mutation BookTrips") {
        return .json(
          #"{"data":{"bookTrips":{"success":true,"message":"ok","launches":[]}}}"#, delay: .seconds(600))
      }
      if body.contains("mutation Login") {
        return .json(#"{"data":{"login":{"id":"1","email":"ada@example.com","token":"dG9rZW4tZm9yLWFkYQ"}}}"#)
      }
      return .json(#"{"data":{"me":{"id":"1","email":"ada@example.com","trips":[]}}}"#)
    }
    let fixture = try ShellFixture()
    let arguments = ["--endpoint", stub.url().absoluteString]
    let terminal = try fixture.startShell(arguments: arguments)
    let loggedIn = ShellFixture.prompt(email: "ada@example.com", arguments: arguments)
    terminal.send("login ada@example.com\n")
    try fixture.expectPrompt(terminal, loggedIn)
    terminal.send("book 5\n")
    try terminal.expect("Booking", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    let output = try fixture.expectPrompt(terminal, loggedIn)
    #expect(output.contains("interrupted: the booking may still have been made; 'trips' shows your trips"))
    #expect(!output.contains("cancelled"))
    try quit(terminal)
  }

  @Test func tablesFitTheTerminalWidth() throws {
    let fixture = try ShellFixture()
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: fixture.environment(["PAGER": ""]), columns: 50)
    try fixture.expectPrompt(terminal)
    terminal.send("launches --page-size 5\n")
    let output = try fixture.expectPrompt(terminal)
    let rows = output.components(separatedBy: "\r\n").filter { $0.hasPrefix("ID ") || $0.hasPrefix("10") }
    #expect(rows.count == 5, "\(output)")
    #expect(rows.allSatisfy { $0.count <= 50 }, "\(rows)")
    #expect(rows.contains { $0.contains("…") })
    #expect(output.contains("type 'more' for the next page"))
    try quit(terminal)
  }

  @Test func tallOutputGoesThroughThePagerOnATerminalOnly() throws {
    let fixture = try ShellFixture()
    let paged = fixture.root.appendingPathComponent("paged.txt")
    let terminal = try PseudoTerminal(
      BuiltProduct.rocketReserver, environment: fixture.environment(["PAGER": "cat > '\(paged.path)'"]),
      rows: 10)
    try fixture.expectPrompt(terminal)
    terminal.send("launches\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(!output.contains("CRS-21"))
    let text = try String(contentsOf: paged, encoding: .utf8)
    #expect(text.hasPrefix("ID "))
    #expect(text.contains("110  CRS-21"))
    // A short answer is printed directly.
    terminal.send("launch 1\n")
    #expect(try fixture.expectPrompt(terminal).contains("FalconSat"))
    try quit(terminal)
    // Into a pipe the pager never runs, whatever PAGER says.
    let piped = try fixture.run(["launches"], environment: ["PAGER": "false"])
    #expect(piped.standardOutput.contains("110  CRS-21"))
  }

  @Test func serverTextIsShownEscapedNeverInterpreted() throws {
    let stub = try LoopbackHTTPStub(
      response: .json(
        #"{"data":{"launch":{"id":"1","site":"Pad\u001b[2J","mission":{"name":"Evil\u001b]0;pwned\u0007Sat","missionPatch":null},"rocket":{"id":"r","name":"R\u202eX","type":"T"},"isBooked":false}}}"#
      ))
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(arguments: ["--endpoint", stub.url().absoluteString])
    terminal.send("launch 1\n")
    let output = try fixture.expectPrompt(terminal)
    #expect(output.contains("mission:  Evil\\x1b]0;pwned\\x07Sat"))
    #expect(output.contains("site:     Pad\\x1b[2J"))
    #expect(output.contains("R\\u{202e}X"))
    #expect(!output.contains("\u{1B}]0;"))
    #expect(!output.contains("\u{1B}[2J"))
    try quit(terminal)
  }

  @Test func homeEndDeleteAndWordMovesWork() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    // Home (xterm), then the missing first letter.
    terminal.send("elp")
    try terminal.expect("elp", timeout: ShellFixture.patience)
    terminal.send("\u{1B}[Hh\n")
    try terminal.expect("Commands:", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    // Home and End as tmux and screen send them.
    terminal.send("help")
    try terminal.expect("help", timeout: ShellFixture.patience)
    terminal.send("\u{1B}[1~\u{1B}[4~ quit\n")
    try terminal.expect("usage: quit", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    // Delete removes the character under the cursor.
    terminal.send("xhelp total")
    try terminal.expect("xhelp total", timeout: ShellFixture.patience)
    terminal.send("\u{1B}[1~\u{1B}[3~\n")
    try terminal.expect("usage: total", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    // Ctrl-Left twice reaches the first word; Ctrl-Right moves past it.
    terminal.send("elp trips")
    try terminal.expect("elp trips", timeout: ShellFixture.patience)
    terminal.send("\u{1B}[1;5D\u{1B}[1;5Dh\n")
    try terminal.expect("usage: trips", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("hel more")
    try terminal.expect("hel more", timeout: ShellFixture.patience)
    terminal.send("\u{1B}[H\u{1B}[1;5Cp\n")
    try terminal.expect("usage: more", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    try quit(terminal)
  }

  @Test func aResizeRedrawsThePromptOnce() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("hel")
    try terminal.expect("hel", timeout: ShellFixture.patience)
    terminal.setWindowSize(columns: 70, rows: 20)
    try terminal.expect(fixture.prompt + "hel", timeout: ShellFixture.patience)
    terminal.send("p\n")
    let segment = try terminal.expect("Commands:", timeout: ShellFixture.patience)
    #expect(!segment.contains(fixture.prompt), "redrawn more than once: \(segment)")
    try fixture.expectPrompt(terminal)
    try quit(terminal)
  }

  @Test(arguments: ["\\q", "q", "exit now", "quit please"])
  func quitWordsLeaveWhateverFollows(line: String) throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send(line + "\n")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func aHistoryFileOthersCanReadIsNarrowedTo0600() throws {
    let fixture = try ShellFixture()
    let directory = fixture.historyFile.deletingLastPathComponent()
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    try Data("_HiStOrY_V2_\nhelp\n".utf8).write(to: fixture.historyFile)
    chmod(fixture.historyFile.path, 0o644)
    let terminal = try fixture.startShell()
    let mode =
      try FileManager.default.attributesOfItem(atPath: fixture.historyFile.path)[.posixPermissions] as? Int
    #expect(mode == 0o600)
    try quit(terminal)
  }

  @Test func tabCompletesOptionsAndTheirValues() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    terminal.send("launches --pa\t")
    try terminal.expect("ge-size ", timeout: ShellFixture.patience)
    terminal.send("3\n")
    try terminal.expect("ID ", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    terminal.send("total --format \t")
    let listing = try fixture.expectPrompt(terminal)
    #expect(listing.contains("csv"))
    #expect(listing.contains("ids"))
    #expect(listing.contains("table"))
    terminal.send("j\t")
    try terminal.expect("son ", timeout: ShellFixture.patience)
    terminal.send("\n")
    try terminal.expect("\"totalTripsBooked\"", timeout: ShellFixture.patience)
    try fixture.expectPrompt(terminal)
    try quit(terminal)
  }
}
