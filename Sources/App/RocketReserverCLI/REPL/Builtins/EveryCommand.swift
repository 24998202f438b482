import CommandLineKit

#if canImport(Glibc)
  import Glibc
#endif

/// `every SECONDS COMMAND [ARGS ...]` (psql's `\watch`): runs the command now and every SECONDS
/// until Ctrl-C or a failing run (repeating a refusal would only repeat its message).
public struct EveryCommand: Command {
  /// The longest wait: a day; a longer one is surely a mistake.
  static let longestInterval = 86_400

  static let interval = Positional(
    "SECONDS",
    type: ValueType<Duration>.checked("seconds") { word throws(UsageError) in try EveryCommand.seconds(word)
    },
    help: "the seconds from one run's start to the next, more than 0 and at most a day (0.5 is half a second)"
  )
  static let command = Positional(
    "COMMAND", type: .commandName, endsOptions: true,
    help: "the command to run, with its own options and arguments after it")
  static let words = Positional(
    "ARGS", type: .anyWord, optional: true, repeats: true, help: "the command's arguments and options")

  public let declaration = CommandDeclaration(
    "every", summary: "run a command now and every SECONDS until Ctrl-C (psql's \\watch)",
    details: """
      Each run prints a line with the interval, the time and the command, then the command's
      output: on standard output, or on standard error when the command prints --json or
      --format rows. The next run starts SECONDS after the last one started (at once when it took
      longer). Ctrl-C stops the loop, and the command it interrupts, and returns to the prompt.
      A run that fails stops the loop with its status, as a failing query stops psql's \\watch.
      """,
    arguments: [interval.declaration, command.declaration, words.declaration], availability: .shellOnly)

  /// `SECONDS` as a duration, to the millisecond.
  static func seconds(_ word: String) throws(UsageError) -> Duration {
    guard let seconds = Double(word), seconds.isFinite else {
      throw UsageError("\(TerminalText.quoted(word)) is not a number of seconds (such as 5 or 0.5)")
    }
    guard seconds > 0 else {
      throw UsageError("SECONDS must be more than 0, not \(TerminalText.quoted(word))")
    }
    guard seconds <= Double(longestInterval) else {
      throw UsageError(
        "SECONDS must be at most \(longestInterval) (a day), not \(TerminalText.quoted(word))")
    }
    return .milliseconds(max(1, Int((seconds * 1000).rounded())))
  }

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    guard let interval = arguments[Self.interval], let name = arguments[Self.command] else {
      return context.fail("every: missing SECONDS or COMMAND", status: ExitStatus.usage)
    }
    let words = [name] + arguments.all(Self.words)
    if let repeated = context.registry.command(named: name),
      repeated is EveryCommand || repeated is EditCommand
    {
      return context.fail(
        "every: '\(repeated.name)' cannot be repeated (give the command to run every SECONDS)",
        status: ExitStatus.usage)
    }
    guard let runCommand = context.runCommand else {
      return context.fail("every is for the shell and scripts", status: ExitStatus.usage)
    }
    // Where the line before each run goes: beside the command's output, never into its JSON or rows.
    let invocation = CommandInvocation(words, registry: context.registry, allowsSession: false)
    var lineOptions = GlobalOptions()
    lineOptions.apply(invocation.sharedOptions)
    let format = lineOptions.format ?? context.format
    let clock = ContinuousClock()
    let shown = Self.describe(interval) + ": " + words.map(ShellQuoting.quoted).joined(separator: " ")
    while !Task.isCancelled {
      let started = clock.now
      let title = TerminalText.safe("every \(shown) (\(TripEventLine.clockTime(at: Int(time(nil)))))")
      if format == .table {
        context.output.write(context.style.dim(title) + "\n")
      } else {
        context.output.writeError(context.errorStyle.dim(title) + "\n")
      }
      let outcome = await runCommand(words, context)
      // Ctrl-C during the run: it was the command's to end; the loop ends with it, quietly.
      if Task.isCancelled || outcome.endsSession { return Task.isCancelled ? .success : outcome }
      guard outcome.succeeded else {
        context.output.writeError(
          context.errorPrefix
            + context.errorStyle.error("every: stopped: the command failed (status \(outcome.status))")
            + "\n")
        return outcome
      }
      do {
        try await clock.sleep(until: started + interval)
      } catch {
        break
      }
    }
    return .success
  }

  /// `2s`, `0.5s`.
  static func describe(_ interval: Duration) -> String {
    let milliseconds =
      interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000
    guard milliseconds % 1000 != 0 else { return "\(milliseconds / 1000)s" }
    var fraction = String(milliseconds % 1000)
    fraction = String(repeating: "0", count: 3 - fraction.count) + fraction
    while fraction.hasSuffix("0") { fraction.removeLast() }
    return "\(milliseconds / 1000).\(fraction)s"
  }
}
