import Foundation
import TestSupport
import Testing

/// `launches` on narrow terminals: every line fits, ids and BOOKED stay whole, and what tells
/// rows apart (the mission) is cut last, so different rows never read the same.
@Suite struct NarrowTableTests {
  @Test(arguments: [50, 45])
  func narrowTablesStillTellRowsApart(columns: Int) throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell(columns: UInt16(columns), rows: 30)
    terminal.send("launches\n")
    let output = try fixture.expectPrompt(terminal)
    let lines = output.components(separatedBy: "\r\n").filter { $0.first?.isNumber == true }
    #expect(lines.count == 20)
    #expect(lines.allSatisfy { $0.count <= columns }, "\(lines)")
    #expect(output.contains("ID   MISSION"))
    #expect(output.contains("BOOKED"))
    // Without their ids, the rows still differ.
    let rest = lines.map { $0.drop { $0 != " " } }
    #expect(Set(rest).count == lines.count, "\(lines)")
    #expect(output.contains("Starlink-15 (v1.0)"))
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
