import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `every SECONDS COMMAND` against a real `serve`: runs counted by their output, Ctrl-C back to
/// the prompt, no CPU spent waiting, a failing run ending the loop, bad intervals refused.
@Suite struct EveryCommandTests {
  /// The CPU time process `pid` has used (user and system, `/proc/PID/stat`), in seconds.
  private static func cpuSeconds(of pid: pid_t) -> Double {
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = stat.lastIndex(of: ")")
    else { return 0 }
    let fields = stat[stat.index(after: end)...].split(separator: " ")
    guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
    return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
  }

  private static func count(_ text: String, in transcript: String) -> Int {
    transcript.components(separatedBy: text).count - 1
  }

  @Test func repeatsUntilCtrlCThenTheShellGoesOn() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let terminal = try fixture.startShell(arguments: ["--endpoint", served.endpoint.absoluteString])
    let pid = terminal.processIdentifier
    // The command's own options are its own, not every's.
    terminal.send("every 0.25 launches --page-size 1\n")
    try terminal.expect("every 0.25s: launches --page-size 1 (", timeout: ShellFixture.patience)
    let cpuBefore = Self.cpuSeconds(of: pid)
    let clock = ContinuousClock()
    let started = clock.now
    try terminal.waitForTranscript("five runs", timeout: ShellFixture.patience) {
      Self.count("110  CRS-21", in: $0) >= 5
    }
    let waited = clock.now - started
    let cpu = Self.cpuSeconds(of: pid) - cpuBefore
    let wall = Double(waited.components.seconds) + Double(waited.components.attoseconds) / 1e18
    // Four waits of 0.25 s: the shell sleeps through them rather than spinning.
    #expect(cpu < 0.5 * wall, "CPU \(cpu) s over \(wall) s of runs and waits")
    #expect(!terminal.transcript.contains("109  Starlink-15"), "--page-size 1 was the command's")
    #expect(Self.count("every 0.25s: launches --page-size 1 (", in: terminal.transcript) >= 5)

    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)
    let runs = Self.count("110  CRS-21", in: terminal.transcript)
    // Stopped: the next line is the shell's, and no run comes after it.
    terminal.send("total\n")
    let after = try fixture.expectPrompt(terminal)
    #expect(after.contains("0 trips booked in all"), "\(after)")
    #expect(Self.count("110  CRS-21", in: terminal.transcript) == runs)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }

  @Test func aFailingRunStopsTheLoopWithItsStatus() throws {
    let fixture = try ShellFixture()
    let served = try fixture.serve()
    let run = try fixture.run([
      "--endpoint", served.endpoint.absoluteString, "-c", "every 0.1 launch 999; total",
    ])
    #expect(run.status == 1, "\(run)")
    #expect(Self.count("no launch with id 999", in: run.standardError) == 1, "\(run.standardError)")
    #expect(run.standardError.contains("every: stopped: the command failed (status 1)"))
    #expect(run.standardOutput.hasPrefix("every 0.1s: launch 999 ("), "\(run.standardOutput)")
    #expect(run.standardOutput.hasSuffix("0 trips booked in all\n"), "the next command runs")
  }

  @Test(arguments: [
    ("every 0 total", "every: SECONDS must be more than 0, not '0'"),
    ("every -1 total", "every: SECONDS must be more than 0, not '-1'"),
    ("every soon total", "every: 'soon' is not a number of seconds (such as 5 or 0.5)"),
    ("every nan total", "every: 'nan' is not a number of seconds (such as 5 or 0.5)"),
    ("every 1e9 total", "every: SECONDS must be at most 86400 (a day), not '1e9'"),
    ("every 5", "every: missing COMMAND"),
    ("every 5 every 1 total", "every: 'every' cannot be repeated"),
  ])
  func badIntervalsAndCommandsAreRefusedBeforeAnyRun(line: String, message: String) throws {
    let fixture = try ShellFixture()
    let run = try fixture.run(["-c", line])
    #expect(run.status == 2, "\(run)")
    #expect(run.standardError.hasPrefix("rocket-reserver: line 1: \(message)"), "\(run.standardError)")
    #expect(run.standardOutput.isEmpty)
  }

  @Test func tabCompletesTheRepeatedCommand() throws {
    let fixture = try ShellFixture()
    let terminal = try fixture.startShell()
    // The command's name, then its own options, as that command completes them; each line
    // then runs as completed.
    terminal.send("every 2 tot\t\n")
    try terminal.expect("every 2s: total (", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)
    terminal.send("every 2 launches --page-si\t1\n")
    try terminal.expect("every 2s: launches --page-size 1 (", timeout: ShellFixture.patience)
    terminal.sendControl("c")
    try fixture.expectPrompt(terminal)
    terminal.sendControl("d")
    #expect(try terminal.waitForExit(timeout: ShellFixture.patience) == 0)
  }
}
