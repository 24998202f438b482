import Foundation
import TestSupport
import Testing

/// `--format tsv|csv|ids`: real rows from the commands that print results, a usage error from
/// those that print none.
@Suite struct RowFormatTests {
  @Test func whoamiAndTotalPrintRows() throws {
    let fixture = try ShellFixture()
    #expect(try fixture.run(["login", "ada@example.com"]).status == 0)
    let whoami = try fixture.run(["whoami", "--format", "csv"])
    #expect(whoami.standardOutput == "EMAIL,ID,TRIPS\r\nada@example.com,1,0\r\n")
    let total = try fixture.run(["--format", "tsv", "total"])
    #expect(total.standardOutput == "TOTAL\n0\n")
  }

  @Test func commandsWithoutRowsRefuseRowFormats() throws {
    let fixture = try ShellFixture()
    for command in [["book", "1"], ["cancel", "1"], ["cache"], ["help"]] {
      let run = try fixture.run(command + ["--format", "csv"])
      #expect(run.status == 2, "\(command)")
      #expect(run.standardOutput.isEmpty)
      #expect(run.standardError.contains("--format csv is for commands that print rows"))
    }
    let oneShot = try fixture.run(["--format", "ids", "help"])
    #expect(oneShot.status == 2)
    // A whole script's format applies where it can.
    let script = try fixture.run(["--format", "ids", "-c", "help; launches --page-size 2"])
    #expect(script.status == 0)
    #expect(script.standardOutput.hasSuffix("110\n109\n"))
  }
}
