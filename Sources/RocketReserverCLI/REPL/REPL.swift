import GraphQL
import RocketClient

/// The command loop in its three modes: one command from argv, lines piped on stdin, and the
/// interactive shell on a terminal (libedit, prompt, history, completion, Ctrl-C handling).
///
/// Blank lines and `#` comments are ignored in every mode.
public struct REPL: Sendable {
  /// The client and shared state handed to commands (nil: commands that need a server fail).
  public var session: Session?
  /// Whether commands print GraphQL `data` as JSON (`--json`).
  public var json: Bool
  /// The commands.
  public var registry: CommandRegistry
  /// Colours for results on standard output.
  public var style: TextStyle
  /// Colours for errors on standard error.
  public var errorStyle: TextStyle
  /// The process environment (for the history location).
  public var environment: [String: String]
  /// Where commands print.
  public var output: CommandOutput
  /// Builds the prompt before each line (it may show the logged-in user).
  public var prompt: @Sendable () -> String

  /// Creates a loop.
  /// - Parameters:
  ///   - registry: the commands (default `CommandCatalog.registry`).
  ///   - style: colours for results (default none).
  ///   - errorStyle: colours for errors (default none).
  ///   - environment: the process environment (default empty: no history file).
  ///   - output: where commands print (default the standard streams).
  ///   - prompt: the prompt builder (default `rocket-reserver> `).
  ///   - session: the client and shared state (default none).
  ///   - json: print GraphQL `data` as JSON (default false).
  public init(
    registry: CommandRegistry = CommandCatalog.registry, style: TextStyle = .plain,
    errorStyle: TextStyle = .plain, environment: [String: String] = [:], output: CommandOutput = .standard,
    prompt: @escaping @Sendable () -> String = { "rocket-reserver> " }, session: Session? = nil,
    json: Bool = false
  ) {
    self.session = session
    self.json = json
    self.registry = registry
    self.style = style
    self.errorStyle = errorStyle
    self.environment = environment
    self.output = output
    self.prompt = prompt
  }

  /// Runs one command given as words (`rocket-reserver COMMAND ARGS`).
  /// - Returns: the command's exit status.
  public func runOneShot(_ words: [String]) async -> Int32 {
    var context = makeContext(interactive: false, errorPrefix: "rocket-reserver: ")
    context.isOneShot = true
    return await execute(words, context: context).status
  }

  /// Runs each line `nextLine` returns until it returns nil or a command ends the session,
  /// without prompt or history (standard input is not a terminal).
  /// - Parameter nextLine: the line source (default: standard input).
  /// - Returns: the status of the first failing command, or 0.
  public func runLines(_ nextLine: () -> String? = { readLine() }) async -> Int32 {
    var firstFailure: Int32?
    var number = 0
    while let line = nextLine() {
      number += 1
      let context = makeContext(interactive: false, errorPrefix: "rocket-reserver: line \(number): ")
      let outcome: CommandOutcome
      do {
        let words = try WordSplitter.split(line)
        outcome = await execute(words, context: context)
      } catch {
        outcome = context.fail(error.message, status: ExitStatus.usage)
      }
      if !outcome.succeeded && firstFailure == nil { firstFailure = outcome.status }
      if outcome.endsSession { break }
    }
    return firstFailure ?? ExitStatus.success
  }

  /// Runs the interactive shell until `quit` or Ctrl-D.
  /// - Returns: 0 after Ctrl-D, else the status `quit` ended with; 1 when the terminal could not
  ///   be set up.
  public func runInteractive() async -> Int32 {
    let editor: LineEditor
    do {
      let directories = try? ApplicationDirectories(environment: environment)
      editor = try LineEditor(prompt: prompt(), historyPath: directories?.historyFile)
    } catch {
      writeStandardError("rocket-reserver: \(error)\n")
      return ExitStatus.failure
    }
    let context = makeContext(interactive: true, errorPrefix: "")
    let documents = ShellDocuments(endpoint: session?.client.endpointKey)
    installCompletion(on: editor, context: context, documents: documents)
    while true {
      editor.prompt = prompt()
      switch editor.readLine() {
      case .endOfFile:
        return ExitStatus.success
      case .interrupted:
        continue
      case .line(let line) where startsGraphQLDocument(line):
        let outcome = await interactDocument(line, editor: editor, context: context, documents: documents)
        if outcome.endsSession { return outcome.status }
      case .line(let line):
        let outcome = await interact(line, editor: editor, context: context)
        if outcome.endsSession { return outcome.status }
      }
    }
  }

  /// Records `line` in history (unless it starts with a blank or its command says not to) and
  /// runs it; Ctrl-C cancels the running command, not the shell.
  private func interact(_ line: String, editor: LineEditor, context: CommandContext) async
    -> CommandOutcome
  {
    let words: [String]
    do {
      words = try WordSplitter.split(line)
    } catch {
      editor.addToHistory(line)
      return context.fail(error.message, status: ExitStatus.usage)
    }
    guard let name = words.first else { return .success }
    let arguments = Array(words.dropFirst())
    let recorded = registry.command(named: name)?.recordsInHistory(arguments) ?? true
    if recorded && !line.hasPrefix(" ") { editor.addToHistory(line) }
    let outcome = try? await InterruptSignal.run { await execute(words, context: context) }
    return outcome ?? .failed()
  }

  /// Runs the command named by the first word with the other words as its arguments.
  ///
  /// A `--json` among the arguments turns JSON output on for this command only (so the shell can
  /// ask for it line by line) and is not passed on.
  /// - Returns: its outcome; success for no words; status 2 for an unknown command.
  public func execute(_ words: [String], context: CommandContext) async -> CommandOutcome {
    guard let name = words.first else { return .success }
    guard let command = registry.command(named: name) else {
      return context.fail(registry.unknownCommandMessage(name), status: ExitStatus.usage)
    }
    var arguments = Array(words.dropFirst())
    var context = context
    if let index = arguments.firstIndex(of: "--json") {
      arguments.remove(at: index)
      context.json = true
    }
    return await command.run(arguments, context: context)
  }

  private func makeContext(interactive: Bool, errorPrefix: String) -> CommandContext {
    CommandContext(
      registry: registry, output: output, style: style, errorStyle: errorStyle, isInteractive: interactive,
      showsProgress: Terminal.isTerminal(2), errorPrefix: errorPrefix, session: session,
      json: json)
  }
}
