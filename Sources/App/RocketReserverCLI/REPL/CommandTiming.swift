/// `timing on`: each command's elapsed time after its output, as psql's `\timing` prints it, on
/// standard output beside a table, else on standard error, so a document or rows stay as they are.
enum CommandTiming {
  /// Runs `work`, then prints its time when `timing` is on.
  static func measured(_ context: CommandContext, _ work: () async -> CommandOutcome) async -> CommandOutcome
  {
    guard context.memory.timing else { return await work() }
    let clock = ContinuousClock()
    let start = clock.now
    let outcome = await work()
    let line = text(clock.now - start) + "\n"
    if context.format == .table {
      context.output.write(line)
    } else {
      context.output.writeError(line)
    }
    return outcome
  }

  /// `Time: 0.512 ms`; from a second on also the minutes and seconds, `Time: 61234.500 ms
  /// (01:01.235)`.
  static func text(_ elapsed: Duration) -> String {
    let microseconds =
      elapsed.components.seconds * 1_000_000 + elapsed.components.attoseconds / 1_000_000_000_000
    let milliseconds = "\(microseconds / 1000).\(padded(microseconds % 1000, to: 3))"
    guard microseconds >= 1_000_000 else { return "Time: \(milliseconds) ms" }
    let totalMilliseconds = (microseconds + 500) / 1000
    let minutes = totalMilliseconds / 60_000
    let seconds = totalMilliseconds % 60_000
    let clock = "\(padded(minutes, to: 2)):\(padded(seconds / 1000, to: 2)).\(padded(seconds % 1000, to: 3))"
    return "Time: \(milliseconds) ms (\(clock))"
  }

  private static func padded(_ number: Int64, to width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
