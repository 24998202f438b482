import CommandLineKit
import GraphQL
import GraphQLWire
import RocketClient

#if canImport(Glibc)
  import Glibc
#endif

/// The command loop in its three modes: one command from argv, lines piped on stdin, and the
/// interactive shell on a terminal. Blank lines and `#` comments are ignored in every mode.
public struct REPL: Sendable {
  /// What every command's context starts from: the commands, the output, the colours, the
  /// format, the session and the run's memory.
  var base: CommandContext
  /// The session handed to commands; setting it starts one `connect` cannot replace.
  public var session: Session? {
    get { base.session }
    set { base.session = newValue }
  }
  /// The session the loop is on, which `connect` may replace, with how to make another.
  var current: CurrentSession {
    get { base.current }
    set { base.current = newValue }
  }
  /// The commands.
  var registry: CommandRegistry { base.registry }
  /// What the run keeps across commands: `timing`, the last document (`edit`).
  var memory: ShellMemory { base.memory }
  /// The process environment (the pager; the history location without `program`'s directories).
  public var environment: [String: String]
  /// What the program took from its process, handed to every command.
  var program = ProgramEnvironment(variables: [:])
  /// Builds the prompt before each line (it may show the logged-in user).
  public var prompt: @Sendable () -> String
  /// Whether `format` was given on the command line (not the default or the config file's).
  var formatWasGiven: Bool { program.options.format != nil }
  /// The line the interactive shell starts with on standard error; nil for none (`-q`).
  public var welcome: String?

  /// Creates a loop: each parameter sets the property of its name.
  public init(
    registry: CommandRegistry = CommandCatalog.registry, style: TextStyle = .plain,
    errorStyle: TextStyle = .plain, environment: [String: String] = [:], output: CommandOutput = .standard,
    prompt: @escaping @Sendable () -> String = { "rocket-reserver> " }, session: Session? = nil,
    format: OutputFormat = .table
  ) {
    base = CommandContext(
      registry: registry, output: output, style: style, errorStyle: errorStyle, session: session,
      format: format)
    self.environment = environment
    self.prompt = prompt
  }

  /// Runs one command given as words (`rocket-reserver COMMAND ARGS`), session options allowed.
  /// - Returns: the command's exit status (74 when standard output could not be written).
  public func runOneShot(_ words: [String]) async -> Int32 {
    await runOneShot(CommandInvocation(words, registry: registry, allowsSession: true))
  }

  /// Runs the one command of the command line, parsed with it (`ProgramArguments`).
  /// - Returns: the command's exit status (74 when standard output could not be written).
  func runOneShot(_ invocation: CommandInvocation) async -> Int32 {
    var context = makeContext(interactive: false, errorPrefix: "rocket-reserver: ")
    context.isOneShot = true
    if context.showsProgress { OneShotInterrupt.install() }
    let outcome = await execute(invocation, context: context)
    return writeFailureStatus(context) ?? outcome.status
  }

  /// Runs each line `nextLine` returns (commands separated by `;`, a GraphQL document joined
  /// with the lines that finish it) until nil or a command ends the session, without prompt or
  /// history; `stopOnError` ends at the first failure, as psql's `ON_ERROR_STOP` does.
  /// - Returns: the status of the first failing command, or 0; 74 when standard output could
  ///   not be written (nothing more runs then).
  public func runLines(stopOnError: Bool = false, _ nextLine: () -> String? = { readLine() }) async -> Int32 {
    var firstFailure: Int32?
    var number = 0
    // Notes a failure; true when the run ends after `outcome`.
    func ends(after outcome: CommandOutcome) -> Bool {
      if !outcome.succeeded && firstFailure == nil { firstFailure = outcome.status }
      return outcome.endsSession || (stopOnError && !outcome.succeeded)
    }
    lines: while let line = nextLine() {
      number += 1
      let context = makeContext(interactive: false, errorPrefix: "rocket-reserver: line \(number): ")
      if startsGraphQLDocument(line) {
        let start = number
        let joined = DocumentLines.join(firstLine: line) { _ in
          guard let next = nextLine() else { return nil }
          number += 1
          return next
        }
        let outcome = await runScriptDocument(joined, startingAt: start, context: context)
        if let status = writeFailureStatus(context) { return status }
        if ends(after: outcome) { break lines }
        continue
      }
      let commands: [[String]]
      do {
        commands = try WordSplitter.splitCommands(line)
      } catch {
        commands = []
        if ends(after: context.fail(error.message, status: ExitStatus.usage)) { break }
      }
      for words in commands {
        let outcome = await execute(words, context: context)
        if let status = writeFailureStatus(context) { return status }
        if ends(after: outcome) { break lines }
      }
    }
    return firstFailure ?? ExitStatus.success
  }

  /// Runs the interactive shell until `quit` or Ctrl-D.
  /// - Returns: 0 after Ctrl-D, else the status `quit` ended with; 1 when the terminal could not
  ///   be set up.
  public func runInteractive() async -> Int32 {
    let editor: LineEditor
    do {
      let directories = program.directories ?? (try? ApplicationDirectories(environment: environment))
      editor = try LineEditor(prompt: prompt(), historyPath: directories?.historyFile)
    } catch {
      writeStandardError("rocket-reserver: \(error)\n")
      return ExitStatus.failure
    }
    let context = makeContext(interactive: true, errorPrefix: "")
    if let welcome { writeStandardError(base.errorStyle.dim(welcome) + "\n") }
    var connected = current.session
    var documents = ShellDocuments(endpoint: connected?.client.endpointKey)
    installCompletion(on: editor, context: context, documents: documents)
    while true {
      if current.session !== connected {
        // `connect` switched servers: Tab inside documents completes from the new one's schema.
        connected = current.session
        documents = ShellDocuments(endpoint: connected?.client.endpointKey)
        installCompletion(on: editor, context: context, documents: documents)
      }
      // Built afresh before each line: a login or logout in another process shows at once.
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
        if let status = writeFailureStatus(context) { return status }
        if outcome.endsSession { return outcome.status }
      }
    }
  }

  /// Records `line` in history (unless it starts with a blank or a command on it says not to)
  /// and runs its commands; Ctrl-C cancels the running command, not the shell.
  private func interact(_ line: String, editor: LineEditor, context: CommandContext) async
    -> CommandOutcome
  {
    let commands: [[String]]
    do {
      commands = try WordSplitter.splitCommands(line)
    } catch {
      editor.addToHistory(line)
      return context.fail(error.message, status: ExitStatus.usage)
    }
    let recorded = commands.allSatisfy { words in
      words.first.flatMap { registry.command(named: $0) }?.declaration.recordedInHistory ?? true
    }
    if recorded && !line.hasPrefix(" ") { editor.addToHistory(line) }
    let outcome = await TerminalEcho.suppressed {
      var outcome = CommandOutcome.success
      for words in commands {
        outcome = (try? await ProcessSignals.run { await execute(words, context: context) }) ?? .failed()
        if outcome.endsSession { break }
      }
      return outcome
    }
    // What a command ran as a document (`edit`) is recalled as a typed one is.
    for entry in memory.takeHistoryEntries() { editor.addToHistory(entry) }
    return outcome
  }

  /// Runs the command the first word names with the other words, parsed against its
  /// declaration; `allowsSession` accepts session options (`--endpoint`), as the command line does.
  /// - Returns: its outcome; success for no words; status 2 for an unknown command or bad words.
  public func execute(_ words: [String], context: CommandContext, allowsSession: Bool = false) async
    -> CommandOutcome
  {
    guard !words.isEmpty else { return .success }
    return await execute(
      CommandInvocation(words, registry: registry, allowsSession: allowsSession), context: context)
  }

  /// Runs `invocation`, parsed already (see `execute(_:context:allowsSession:)`).
  func execute(_ invocation: CommandInvocation, context: CommandContext) async -> CommandOutcome {
    var context = context
    context.document = JSONDocument()
    var lineOptions = GlobalOptions()
    lineOptions.apply(invocation.sharedOptions)
    if let format = lineOptions.format { context.format = format }
    if let jq = lineOptions.jq { context.jq = jq }
    if lineOptions.include { context.includesHeaders = true }
    if context.jq != nil, context.format != .json {
      // --jq implies --json, unless another format was asked for.
      if let asked = lineOptions.format ?? (formatWasGiven ? context.format : nil) {
        return context.fail(
          "--jq filters the JSON document: it cannot go with --format \(asked.rawValue)",
          status: ExitStatus.usage)
      }
      context.format = .json
    }
    guard let command = invocation.command else {
      return context.fail(registry.unknownCommandMessage(invocation.name), status: ExitStatus.usage)
    }
    let declaration = command.declaration
    let parsed: ParsedArguments
    switch invocation.result {
    case .success(.help):
      if context.json {
        context.writeJSON(DeclaredHelp.json(declaration))
      } else {
        context.writeResult(
          DeclaredHelp.describe(declaration, style: context.style, width: context.terminalWidth()))
      }
      return .success
    case .success(.run(let values)):
      parsed = values
    case .failure(let error):
      return context.badArgument(error, for: command)
    }
    var lineRequests = LineRequestOptions()
    if !invocation.allowsSession {
      // On a shell line; on the command line they were already given to the session.
      if lineOptions.headers["Authorization"] != nil {
        return context.fail(
          "--header 'Authorization: ...' replaces the saved token for a whole run: give it when starting rocket-reserver",
          status: ExitStatus.usage)
      }
      lineRequests = LineRequestOptions(
        verbose: lineOptions.verbose, headers: lineOptions.headers, trace: lineOptions.trace,
        printCurl: lineOptions.printCurl)
    }
    // A row format asked for this command (on its line, or before a one-shot command) must mean
    // something; one chosen for a whole shell or script applies where it can.
    let askedFormat = lineOptions.format ?? (context.isOneShot && formatWasGiven ? context.format : nil)
    if let askedFormat, ![.table, .json].contains(askedFormat), !declaration.printsRows {
      let takers = registry.commands.filter(\.declaration.printsRows).map(\.name).joined(separator: ", ")
      return context.fail(
        "\(declaration.name): --format \(askedFormat.rawValue) is for commands that print rows (\(takers)); use --json or the default table",
        status: ExitStatus.usage)
    }
    if let policy = lineOptions.cachePolicy { context.cachePolicy = policy }
    if lineOptions.noQueue { context.noQueue = true }
    if lineOptions.noImages { context.environment.options.noImages = true }
    if lineOptions.noColor {
      context.style = .plain
      context.errorStyle = .plain
    }
    switch declaration.availability {
    case .commandLineOnly where !context.isOneShot:
      return context.fail(
        "\(declaration.name) runs on its own: start 'rocket-reserver \(declaration.name)' in another terminal",
        status: ExitStatus.usage)
    case .shellOnly where context.isOneShot:
      return context.fail("\(declaration.name) is for the shell and scripts", status: ExitStatus.usage)
    default:
      break
    }
    if declaration.needsLogin, let session = context.session, session.isKnownLoggedOut {
      return context.fail("log in first: login EMAIL", status: ExitStatus.notLoggedIn)
    }
    context.lineRequests = lineRequests
    // `every` times each run of its command, not its own wait, `edit` the sending, not the
    // editor; `timing` prints no time of its own.
    guard !(command is EveryCommand || command is TimingCommand || command is EditCommand) else {
      return await command.run(parsed, context: context)
    }
    let outcome = await CommandTiming.measured(context) { [context] in
      guard let store = context.session?.client.credentials as? LenientCredentialStore else {
        return await command.run(parsed, context: context)
      }
      let forgiving = !declaration.needsLogin && !declaration.writesCredentials
      return await store.forgiving(forgiving) { await command.run(parsed, context: context) }
    }
    // A --jq filter that failed on the command's document fails the command.
    guard outcome.succeeded && context.document.filterFailed else { return outcome }
    return CommandOutcome(status: ExitStatus.failure, endsSession: outcome.endsSession)
  }

  /// After a failed write to standard output: the quiet end by SIGPIPE when the reader went away
  /// (as `cat` into `head`); else the error and status 74 (EX_IOERR).
  private func writeFailureStatus(_ context: CommandContext) -> Int32? {
    guard let code = base.output.failure?.errno else { return nil }
    if code == EPIPE { ProcessSignals.endByBrokenPipe() }
    writeStandardError(
      "rocket-reserver: cannot write to standard output: \(String(cString: strerror(code)))\n")
    return ExitStatus.ioError
  }

  private func makeContext(interactive: Bool, errorPrefix: String) -> CommandContext {
    var context = base
    context.isInteractive = interactive
    context.showsProgress = program.standardErrorIsTerminal
    context.errorPrefix = errorPrefix
    context.runCommand = { [self] words, context in await execute(words, context: context) }
    context.noQueue = program.options.noQueue
    context.jq = program.options.jq
    context.includesHeaders = program.options.include
    context.environment = program
    // Only the real standard output can be a terminal; captured output (tests) never is.
    context.outputIsTerminal = base.output.failure != nil && program.standardOutputIsTerminal
    context.pagerCommand = context.outputIsTerminal ? Pager.command(environment: environment) : nil
    return context
  }
}
