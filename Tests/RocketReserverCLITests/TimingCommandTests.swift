import Foundation
import GraphQL
import GraphQLWire
import TestSupport
import Testing

/// `timing on|off` against a real `serve`: each command's time after its output, as psql prints
/// it, on standard output beside tables and on standard error beside JSON and rows.
@Suite struct TimingCommandTests {
  /// `Time: 1.234 ms`, psql's line.
  private static var timeLine: Regex<(Substring, Substring?)> {
    /Time: \d+\.\d{3} ms( \(\d\d:\d\d\.\d{3}\))?/
  }

  @Test func theShellPrintsEachCommandsTimeAfterItsOutput() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let terminal = try fixture.startShell(arguments: ["--endpoint", served.endpoint.absoluteString])
    terminal.send("timing\n")
    #expect(try fixture.expectPrompt(terminal).contains("timing is off"))
    terminal.send("total\n")
    #expect(try fixture.expectPrompt(terminal).firstMatch(of: Self.timeLine) == nil)

    terminal.send("timing on\n")
    let switched = try fixture.expectPrompt(terminal)
    #expect(switched.contains("timing is on"))
    #expect(switched.firstMatch(of: Self.timeLine) == nil, "timing prints no time of its own")
    terminal.send("total\n")
    let timed = try fixture.expectPrompt(terminal)
    let total = try #require(timed.range(of: "0 trips booked in all"))
    let time = try #require(timed.firstMatch(of: Self.timeLine), "\(timed)")
    #expect(total.upperBound <= time.range.lowerBound, "the time comes after the output")
    terminal.send("{ totalTripsBooked }\n")
    #expect(try fixture.expectPrompt(terminal).firstMatch(of: Self.timeLine) != nil, "documents are timed")

    terminal.send("timing off\n")
    #expect(try fixture.expectPrompt(terminal).contains("timing is off"))
    terminal.send("total\n")
    #expect(try fixture.expectPrompt(terminal).firstMatch(of: Self.timeLine) == nil)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func timesStayOutOfJSONDocumentsAndRows() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let script = "timing on\ntotal --json\nlaunches --page-size 2 --format ids\ntotal"
    let run = try fixture.run(["--endpoint", served.endpoint.absoluteString], input: script)
    #expect(run.status == 0, "\(run)")
    // timing's line, the JSON document alone, the ids, then the table command and its time.
    let output = run.standardOutput
    let start = try #require(output.range(of: "timing is on\n")).upperBound
    let end = try #require(output.range(of: "\n110\n109\n")).lowerBound
    let json = try JSON(parsing: String(output[start..<end]))
    #expect(json["totalTripsBooked"] == .int(0))
    #expect(
      run.standardOutput.contains("}\n110\n109\n0 trips booked in all\nTime: "), "\(run.standardOutput)")
    #expect(run.standardOutput.matches(of: Self.timeLine).count == 1)
    #expect(run.standardError.matches(of: Self.timeLine).count == 2, "\(run.standardError)")
  }

  @Test func aWrongSettingIsAUsageError() throws {
    let fixture = try ShellFixture()
    let run = try fixture.run(["-c", "timing maybe"])
    #expect(run.status == 2)
    #expect(
      run.standardError == "rocket-reserver: line 1: timing: 'maybe' is not a setting: use one of on, off\n")
    #expect(try fixture.run(["timing", "on"]).standardError.contains("timing is for the shell and scripts"))
  }
}
