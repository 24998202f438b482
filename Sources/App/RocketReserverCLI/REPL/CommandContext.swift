import CommandLineKit
import GraphQLWire
import JQ
import RocketClient

/// Everything a command may use while it runs; the shell builds one per session or piped line.
public struct CommandContext: Sendable {
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
  /// The client and shared state (nil: none). Read through `current`, so that every copy sees
  /// `connect`'s session; setting it gives this copy a session of its own.
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
  /// `--jq EXPR` for this command: its JSON document goes through this filter.
  var jq: JQFilter?
  /// `--include`: each answer's status line and header fields are printed before the result.
  var includesHeaders = false
  /// `--cache POLICY` given for this command; nil: the session's policy.
  public var cachePolicy: CachePolicy?
  /// `--verbose`, `--header`, `--trace`, `--print-curl` of this command's shell line, which its
  /// requests carry (a one-shot command's went to the session).
  var lineRequests = LineRequestOptions()
  /// Whether this command's JSON document was written, so a failure after it adds no second.
  var document = JSONDocument()
  /// The pager for output taller than the terminal; nil off a terminal or with `PAGER` empty.
  var pagerCommand: String?
  /// `--no-queue`: changes that cannot reach the server fail instead of waiting in the outbox.
  public var noQueue = false
  /// Whether standard output is a terminal, so tables fit its width.
  var outputIsTerminal = false
  /// Whether the command runs alone (`rocket-reserver COMMAND`), so `serve` may take over.
  public var isOneShot: Bool
  /// What the program took from its process (options, variables, directories, terminals, clock).
  var environment = ProgramEnvironment(variables: [:])
  /// What the run keeps across commands (`timing`, the last document).
  var memory = ShellMemory()
  /// Runs another command's words as if typed on their own (`every`); nil outside a loop.
  var runCommand: (@Sendable (_ words: [String], _ context: CommandContext) async -> CommandOutcome)?

  /// Creates a context: each parameter sets the property of its name.
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

  /// Whether results are printed as JSON.
  public var json: Bool { format == .json }

  /// Prints `message` as one error line on standard error and returns a failed outcome with
  /// `status`; with `--json` also `{"error":{"message":...,"status":N}}` on standard output,
  /// unless the command printed its document already or `--jq` filters it (nothing to filter).
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

  /// Runs `operation` with a spinner labelled `label` on standard error when it takes a while
  /// and progress is shown.
  public func withSpinner<T, E: Error>(
    _ label: String, _ operation: () async throws(E) -> T
  ) async throws(E) -> T {
    try await Spinner.run(label: label, enabled: showsProgress, write: output.writeError, operation)
  }
}
