import CommandLineKit
import FoundationEssentials
import Glibc
import GraphQLWire
import RocketClient

/// The program's entry point: parses argv once (`ProgramArguments`), then runs a command, the
/// REPL or `serve`.
///
/// `main.swift` hands it the arguments after the program name and exits with the status it returns.
public enum RocketReserverMain {
  /// Runs the program with `arguments` (argv without the program name) and returns its exit status.
  ///
  /// `--version`, `--help`, the completion query and usage errors are answered on the caller's
  /// executor, before a hop to the cooperative pool would start its threads (`docs/startup.md`).
  nonisolated(nonsending) public static func run(arguments: [String]) async -> Int32 {
    // A reader that goes away (`| head`) makes writes fail with EPIPE instead of killing the
    // process mid-request; the REPL then ends quietly.
    signal(SIGPIPE, SIG_IGN)
    let program: ProgramArguments
    do {
      program = try ProgramArguments.parse(arguments)
    } catch {
      return usageFailure(error.message, wantsJSON: wantsJSON(arguments))
    }
    if let words = program.completionWords {
      let lines = CompletionQuery.lines(words, environment: ProgramEnvironment.processVariables())
      writeStandardOutput(lines.map { $0 + "\n" }.joined())
      return ExitStatus.success
    }
    if program.options.showHelp {
      writeStandardOutput(Usage.text)
      return ExitStatus.success
    }
    if program.options.showVersion {
      if let jq = program.options.jq {
        let run = jq.run(onJSONText: VersionCommand.json.encodedString)
        writeStandardOutput(CommandContext.filteredText(run.results, forTerminal: isatty(STDOUT_FILENO) == 1))
        if let failure = run.failure {
          writeStandardError("rocket-reserver: --jq: \(TerminalText.safe(failure.description))\n")
          return ExitStatus.failure
        }
        return ExitStatus.success
      }
      writeStandardOutput(
        program.options.json ? PrettyJSON.format(VersionCommand.json) + "\n" : VersionCommand.line)
      return ExitStatus.success
    }
    return await runProgram(program)
  }

  /// Prints a usage error (status 2) on standard error with the hint to `--help`, and, when the
  /// command line asked for JSON, the error document `--json` promises on standard output.
  static func usageFailure(_ message: String, wantsJSON: Bool) -> Int32 {
    writeStandardError("rocket-reserver: \(TerminalText.safe(message))\n\(Usage.hint)\n")
    if wantsJSON {
      let error: JSON = .object([
        "error": .object(["message": .string(message), "status": .int(Int(ExitStatus.usage))])
      ])
      writeStandardOutput(PrettyJSON.format(error) + "\n")
    }
    return ExitStatus.usage
  }

  /// Whether argv that could not be parsed asks for JSON: `--json` or `--format json` before any
  /// `--`, and no `--jq` (whose failures print nothing on standard output).
  static func wantsJSON(_ arguments: [String]) -> Bool {
    let words = Array(arguments.prefix { $0 != "--" })
    if words.contains(where: { $0 == "--jq" || $0.hasPrefix("--jq=") }) { return false }
    return words.enumerated().contains { index, word in
      word == "--json" || word == "--format=json"
        || (word == "--format" && index + 1 < words.count && words[index + 1] == "json")
    }
  }

  /// The config file, the session, then a command, a script or the shell; on the cooperative pool.
  @concurrent private static func runProgram(_ program: ProgramArguments) async -> Int32 {
    var options = program.options
    // Read once here and handed down: sessions, the shell's history, colours.
    let process = ProgramEnvironment.ofProcess()
    var environment = process.variables
    let connector = SessionConnector(commandLine: options, program: process)
    if let directories = process.directories {
      let path = directories.config + "/config"
      let profile =
        options.profile ?? environment["ROCKET_RESERVER_PROFILE"].flatMap { $0.isEmpty ? nil : $0 }
      do throws(ConfigFile.Problem) {
        try ConfigFile.load(path: path, profile: profile).apply(to: &options, environment: &environment)
      } catch {
        writeStandardError("rocket-reserver: config: \(error.message)\n")
        return ExitStatus.config
      }
    }
    let session: Session
    do {
      session = try makeSession(
        options: options, environment: environment, directories: process.directories, clock: process.clock)
    } catch {
      return usageFailure(error.message, wantsJSON: options.format == .json && options.jq == nil)
    }
    let current = CurrentSession(session, connector: connector)
    // `connect` closes the sessions it leaves; this is the one the run ends on.
    defer { current.session?.close() }
    if let directory = options.dataDirectory, options.command.first != ServeCommand().name,
      let problem = DataLocation.missingDirectoryProblem(directory)
    {
      writeStandardError("rocket-reserver: \(problem)\n")
      return ExitStatus.config
    }
    var repl = REPL(
      registry: CommandCatalog.registry,
      style: TextStyle.detect(
        isTerminal: process.standardOutputIsTerminal, environment: environment,
        noColorOption: options.noColor),
      errorStyle: TextStyle.detect(
        isTerminal: process.standardErrorIsTerminal, environment: environment,
        noColorOption: options.noColor),
      environment: environment,
      prompt: {
        Prompt.text(
          email: current.session?.loggedInEmail, endpoint: current.session?.endpoint,
          queued: current.session?.queuedCount ?? 0)
      },
      format: options.format ?? options.defaultFormat ?? .table)
    repl.current = current
    repl.program = process
    repl.program.options = options
    if !options.quiet {
      repl.welcome =
        "rocket-reserver \(Version.current) on \(session.endpointDescription): type 'help' for the commands, Ctrl-D to leave"
    }
    if let text = options.commandText {
      var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)[...]
      return await repl.runLines(stopOnError: options.stopOnError) { lines.popFirst() }
    }
    if let path = options.scriptFile {
      guard let script = ScriptFile(path: path) else {
        writeStandardError("rocket-reserver: cannot read \(path): \(ScriptFile.problem(path))\n")
        return ExitStatus.noInput
      }
      return await repl.runLines(stopOnError: options.stopOnError) { script.nextLine() }
    }
    if let invocation = program.invocation {
      return await repl.runOneShot(invocation)
    }
    if LineEditor.canEdit {
      return await repl.runInteractive()
    }
    return await repl.runLines(stopOnError: options.stopOnError)
  }

  /// The session for `options` and `environment`, with this process's directories and clock.
  static func makeSession(options: GlobalOptions, environment: [String: String]) throws(UsageError)
    -> Session
  {
    try makeSession(
      options: options, environment: environment,
      directories: try? ApplicationDirectories(environment: environment), clock: { Int64(time(nil)) })
  }

  /// The session for `options`: `--endpoint` (else `ROCKET_RESERVER_ENDPOINT`, else the embedded
  /// backend), `--data-dir` (else the XDG data directory), the credentials file, `--timeout`
  /// (else `ROCKET_RESERVER_TIMEOUT`) and the request options. Touches no file.
  /// - Throws: `UsageError` for an endpoint that is not an http(s) URL, a bad timeout, or when no
  ///   data directory can be found.
  static func makeSession(
    options: GlobalOptions, environment: [String: String], directories: ApplicationDirectories?,
    clock: @escaping @Sendable () -> Int64
  ) throws(UsageError) -> Session {
    var endpoint: URL?
    let endpointText =
      options.endpoint ?? environment["ROCKET_RESERVER_ENDPOINT"].flatMap { $0.isEmpty ? nil : $0 }
    if let endpointText {
      guard let url = EndpointURL.parse(endpointText) else {
        let source = options.endpoint == nil ? "ROCKET_RESERVER_ENDPOINT" : "--endpoint"
        throw UsageError(EndpointURL.problem(endpointText, source: source))
      }
      endpoint = url
    }
    let databasePath: String
    if let directory = options.dataDirectory {
      databasePath = DataLocation.databasePath(inDirectory: directory)
    } else if let directories {
      databasePath = directories.backendDatabaseFile
    } else {
      throw UsageError("no home directory to keep data in: set HOME or use --data-dir DIR")
    }
    let credentials = directories.map {
      LenientCredentialStore(FileCredentialStore(path: $0.credentialsFile))
    }
    var requestOptions = RequestOptions(headers: options.headers, verbose: options.verbose)
    requestOptions.trace = options.trace
    requestOptions.printCurl = options.printCurl
    requestOptions.tls = TLSOptions(caFile: options.caFile, verifiesPeer: !options.insecure)
    if let caFile = options.caFile, access(caFile, R_OK) != 0 {
      throw UsageError("--cacert \(TerminalText.safe(caFile)): \(String(cString: strerror(errno)))")
    }
    if let policy = options.cachePolicy { requestOptions.cachePolicy = policy }
    if let persisted = options.persistedQueries { requestOptions.persistedQueries = persisted }
    if let timeout = options.timeout {
      requestOptions.timeout = timeout
    } else if let text = environment["ROCKET_RESERVER_TIMEOUT"], !text.isEmpty {
      requestOptions.timeout = try GlobalOptions.parseTimeout(text, source: "ROCKET_RESERVER_TIMEOUT")
    }
    return Session(
      endpoint: endpoint, databasePath: databasePath, credentials: credentials, options: requestOptions,
      endpointGivenAsOption: options.endpoint != nil,
      dataDirectoryGivenAsOption: options.dataDirectory != nil,
      cacheFile: directories?.cacheDatabaseFile, outboxFile: directories?.outboxFile, clock: clock)
  }
}
