import CommandLineKit
import GraphQLWire
import JQ
import RocketClient

/// Everything a command may use while it runs.
///
/// A value: the shell builds one per session (interactive) or per line (piped).
public struct CommandContext: Sendable, CompletionContext {
  /// All commands, for `help` and completion.
  public var registry: CommandRegistry
  /// Where to print.
  public var output: CommandOutput
  /// Colours for standard output, enabled only on a terminal without NO_COLOR / `--no-color`.
  public var style: TextStyle
  /// Colours for standard error, decided the same way for that stream.
  public var errorStyle: TextStyle
  /// Whether a person is typing at a terminal (the interactive shell).
  public var isInteractive: Bool
  /// Whether standard error is a terminal, so a spinner can be drawn there.
  public var showsProgress: Bool
  /// Put before error lines: `rocket-reserver: ` outside the interactive shell, else empty.
  public var errorPrefix: String
  /// The client and shared state; nil in tests of commands that need no server. Read through
  /// `current`, so that after `connect` every copy of the context sees the new session;
  /// setting it gives this copy a session of its own.
  public var session: Session? {
    get { current.session }
    set { current = CurrentSession(newValue) }
  }
  /// The session the shell is on now, which `connect` replaces.
  var current: CurrentSession
  /// What the shell remembers between commands (where `more` continues).
  var shell: ShellState { current.shell }
  /// How results are printed (`--format`; `--json` is `.json`).
  public var format: OutputFormat
  /// `--jq EXPR` for this command (given for the run or on its line): its JSON document goes
  /// through this filter; nil: printed whole.
  var jq: JQFilter?
  /// `--include`: each answer's status line and header fields are printed before the result.
  var includesHeaders = false
  /// `--cache POLICY` given for this command; nil: the session's policy.
  public var cachePolicy: CachePolicy?
  /// `--verbose`, `--header`, `--trace`, `--print-curl` given on this command's shell line: its
  /// requests carry them (none for a one-shot command, whose options went to the session).
  var lineRequests = LineRequestOptions()
  /// Whether this command's JSON document was written, so that a failure after it adds no
  /// second one; a fresh one per command.
  var document = JSONDocument()
  /// The pager for output taller than the terminal (`$PAGER`, default `less -FRX`); nil when
  /// standard output is not a terminal or `PAGER` is empty.
  var pagerCommand: String?
  /// `--no-queue`: changes that cannot reach the server fail instead of waiting in the outbox.
  public var noQueue = false
  /// Whether standard output is a terminal, so tables fit its width.
  var outputIsTerminal = false
  /// Whether the command runs alone from the command line (`rocket-reserver COMMAND`), so a
  /// long-running command such as `serve` may take over the process.
  public var isOneShot: Bool
  /// What the program took from its process: the program options, environment variables,
  /// directories, which standard streams are terminals, the clock. Empty for contexts made in
  /// tests.
  var environment = ProgramEnvironment(variables: [:])
  /// What the run keeps across commands (`timing`, the last document); a fresh one for contexts
  /// made in tests.
  var memory = ShellMemory()
  /// Runs another command's words as if typed on their own (`every`); nil where no loop runs
  /// commands (contexts made in tests).
  var runCommand: (@Sendable (_ words: [String], _ context: CommandContext) async -> CommandOutcome)?

  /// Creates a context.
  /// - Parameters:
  ///   - registry: the commands.
  ///   - output: where to print (default the standard streams).
  ///   - style: colours for results (default none).
  ///   - errorStyle: colours for errors (default none).
  ///   - isInteractive: whether this is the interactive shell (default false).
  ///   - showsProgress: whether to draw spinners (default false).
  ///   - errorPrefix: text before each error line (default `rocket-reserver: `).
  ///   - session: the client and shared state (default none).
  ///   - format: how results are printed (default tables).
  ///   - isOneShot: the command runs alone from argv (default false).
  public init(
    registry: CommandRegistry, output: CommandOutput = .standard, style: TextStyle = .plain,
    errorStyle: TextStyle = .plain, isInteractive: Bool = false, showsProgress: Bool = false,
    errorPrefix: String = "rocket-reserver: ", session: Session? = nil, format: OutputFormat = .table,
    isOneShot: Bool = false
  ) {
    self.registry = registry
    self.output = output
    self.style = style
    self.errorStyle = errorStyle
    self.isInteractive = isInteractive
    self.showsProgress = showsProgress
    self.errorPrefix = errorPrefix
    self.current = CurrentSession(session)
    self.format = format
    self.isOneShot = isOneShot
  }

  /// Prints `message` as one error line and returns a failed outcome with `status`.
  /// - Parameters:
  ///   - message: the user-facing explanation, without the program name.
  ///   - status: the exit status (default `ExitStatus.failure`).
  /// Whether results are printed as JSON.
  public var json: Bool { format == .json }

  /// Prints `message` as one error line on standard error and returns a failed outcome with
  /// `status`. With `--json` it also prints `{"error":{"message":...,"status":N}}` on standard
  /// output, unless the command already printed its document or `--jq` filters it (a filter
  /// has nothing to work on: the error line and the status say it all).
  /// - Parameters:
  ///   - message: the user-facing explanation, without the program name.
  ///   - status: the exit status (default `ExitStatus.failure`).
  @discardableResult
  public func fail(_ message: String, status: Int32 = ExitStatus.failure) -> CommandOutcome {
    output.writeError(errorPrefix + errorStyle.error(TerminalText.safe(message)) + "\n")
    if json && jq == nil && document.claim() {
      let error: JSON = .object([
        "error": .object(["message": .string(message), "status": .int(Int(status))])
      ])
      output.write(PrettyJSON.format(error, forTerminal: outputIsTerminal) + "\n")
    }
    return .failed(status)
  }

  /// Prints a one-line usage error, `NAME: message (usage: SYNOPSIS)`, and returns status 2.
  @discardableResult
  func badArgument(_ failure: ArgumentParser.Failure, for command: any Command) -> CommandOutcome {
    let usage = failure.showsUsage ? " (usage: \(command.usage))" : ""
    return fail("\(command.name): \(failure.message)\(usage)", status: ExitStatus.usage)
  }

  /// Runs `operation`, drawing a spinner labelled `label` on standard error when it takes longer
  /// than about 300 ms and progress is shown (never when not on a terminal).
  /// - Returns: what `operation` returns.
  /// - Throws: what `operation` throws.
  public func withSpinner<T, E: Error>(
    _ label: String, _ operation: () async throws(E) -> T
  ) async throws(E) -> T {
    try await Spinner.run(label: label, enabled: showsProgress, write: output.writeError, operation)
  }
}
