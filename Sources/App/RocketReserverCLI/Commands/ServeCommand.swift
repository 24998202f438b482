import FoundationEssentials
import Glibc
import GraphQL
import GraphQLHTTP
import GraphQLWire
import HTTPServer
import LaunchBackend
import LaunchServer

/// `serve [--host H] [--port P] [--database URL] [--database-pool N] [--max-cost N] ...`: offers the
/// embedded API over HTTP until SIGINT or SIGTERM.
public struct ServeCommand: Command {
  static let host = Option(
    "--host", valueName: "H", type: .text, defaultValue: "127.0.0.1",
    help: "the address to listen on: IPv4 or IPv6 (::1, or :: for every interface)")
  static let port = Option(
    "--port", valueName: "P", type: .integer(in: 0...65535), defaultValue: "4000",
    help: "the port; 0 picks a free one")
  static let reusePort = Flag(
    "--reuse-port",
    help: "listen with SO_REUSEPORT: a new serve starts on the port of a running one, which hands it "
      + "new connections when it drains (rolling restarts on one host)")
  static let maxConnectionsPerIP = Option(
    "--max-connections-per-ip", valueName: "N", type: .integer(in: 0...100_000), defaultValue: "64",
    help: "the most connections one client address may hold at once; 0 for no limit")
  static let maxExecutionsPerIP = Option(
    "--max-executions-per-ip", valueName: "N", type: .integer(in: 0...10_000),
    help: "the most GraphQL executions one client address runs at once, its other requests waiting "
      + "their turn (default: the number of cores); 0 for no limit")
  static let database = Option(
    "--database", valueName: "URL", type: .text,
    help: "keep the data in PostgreSQL (postgresql://USER@HOST:PORT/DB or any libpq connection string)")
  static let databasePool = Option(
    "--database-pool", valueName: "N", type: .integer(in: 1...1000), defaultValue: "4",
    help: "PostgreSQL connections per process")
  static let maxCost = Option(
    "--max-cost", valueName: "N", type: .positiveInteger, defaultValue: String(BackendLimits.defaultMaxCost),
    help: "the highest static cost a request may have (QUERY_TOO_COMPLEX above it)")
  static let maxResponseBytes = Option(
    "--max-response-bytes", valueName: "N", type: .positiveInteger,
    defaultValue: String(BackendLimits.defaultMaxResponseBytes),
    help: "the most bytes one answer may take (RESPONSE_TOO_LARGE past it)")
  static let requestTimeout = Option(
    "--request-timeout", valueName: "SECONDS", type: .seconds(upTo: 3600), defaultValue: "5",
    help: "how long one request may take, in decimal seconds (REQUEST_TIMEOUT past it)")

  static let persistedQueries = Option(
    "--persisted-queries", valueName: "MANIFEST", type: .path,
    help: "trusted documents: a persisted-query manifest in Apollo's format (rocket-codegen --manifest)")
  static let persistedOnly = Flag(
    "--persisted-only", help: "run only the manifest's documents (anything else: PERSISTED_QUERY_NOT_IN_LIST)"
  )
  static let noExplorer = Flag(
    "--no-explorer",
    help: "answer browsers opening /graphql with GraphQL, not the explorer page (off with --persisted-only)")
  static let noAPQ = Flag("--no-apq", help: "refuse automatic persisted queries (PersistedQueryNotSupported)")
  static let apqMaxEntries = Option(
    "--apq-max-entries", valueName: "N", type: .integer(in: 1...10_000_000), defaultValue: "1000",
    help: "the most automatic persisted queries kept, the least recently used out first")
  static let apqMaxBytes = Option(
    "--apq-max-bytes", valueName: "N", type: .positiveInteger, defaultValue: String(8 << 20),
    help: "the most bytes of automatic persisted query text kept")

  static let eventRetentionAge = Option(
    "--event-retention-age", valueName: "AGE", type: .age, defaultValue: "7d",
    help: "keep tripsBooked events this long for subscribers that resume (90s, 30m, 12h, 7d); 0 for ever")
  static let eventRetentionCount = Option(
    "--event-retention-count", valueName: "N", type: .integer(in: 0...1_000_000_000),
    defaultValue: "1000000",
    help: "keep at most the N newest tripsBooked events for subscribers that resume; 0 for any number")

  static let sessionMaxAge = Option(
    "--session-max-age", valueName: "AGE", type: .age, defaultValue: "30d",
    help: "how long a login's token is accepted (90s, 30m, 12h, 30d); expired sessions are deleted")
  static let loginRate = Option(
    "--login-rate", valueName: "N", type: .integer(in: 0...1_000_000),
    defaultValue: String(LoginLimits.defaultLoginsPerMinute),
    help: "the logins one client address may make per minute (a burst of N/6, at most 10, at once); "
      + "more are answered 429 with Retry-After; 0 for no limit")

  static let pidFile = Option(
    "--pid-file", valueName: "FILE", type: .path,
    help: "write the process id to FILE once listening (removed when serve stops)")
  static let drain = Option(
    "--drain", valueName: "SECONDS", type: .seconds(upTo: 3600, orZero: true), defaultValue: "5",
    help: "on SIGTERM, how long /ready answers 503 while every request is still served before the "
      + "server stops; 0 stops at once")
  static let logFormat = Option(
    "--log-format", valueName: "FORMAT", type: .choice(AccessLogFormat.self, noun: "log format"),
    defaultValue: "text",
    help: "the access log on standard error: text (a line of words) or json (an object per line)")

  static let metricsAddress = Option(
    "--metrics-address", valueName: "HOST:PORT", type: .text,
    help: "serve GET /metrics (Prometheus) on this address instead of the main one, e.g. 127.0.0.1:9464")
  static let noMetrics = Flag("--no-metrics", help: "keep no metrics and answer no /metrics")

  public let declaration = CommandDeclaration(
    "serve", summary: "serve the embedded API over HTTP (GraphQL at /graphql) until Ctrl-C",
    details: """
      Prints 'listening on http://HOST:PORT/graphql' when ready (with --json one line:
      {"url","host","port","database"}, the database without its password, and "metrics" with
      --metrics-address). One access-log line per
      request goes to standard error, naming the client's address (--log-format json: one JSON
      object per line, with the request's X-Request-ID, which every answer echoes). Answers of 1 KiB
      or more go out in gzip to clients that accept it. GET /health answers 200 while the process
      runs; GET /ready 200 when the database answers, else 503 with a JSON reason. SIGTERM drains
      first (--drain SECONDS): /ready turns 503 at once and requests are still served; then, as on
      SIGINT, the server stops gracefully: in-flight requests finish, the database is closed, the
      exit status is 0. A second signal during the drain stops it at once.
      --data-dir DIR chooses the SQLite database; --database URL (or DATABASE_URL, when
      neither is given; PG* variables work as in psql) keeps the data in PostgreSQL, shared by
      every serve using it, and exits 69 if it cannot be reached. Automatic persisted queries
      (Apollo's APQ) are on, bounded; --persisted-queries MANIFEST adds trusted documents and
      --persisted-only runs nothing else. A subscriber may resume after the last event it saw
      (docs/resumable-subscriptions.md); --event-retention-age and --event-retention-count bound
      the events kept for it. A login's token lasts --session-max-age (30 days), and one client
      address may log in --login-rate times a minute (60), the rest answered 429 with Retry-After.
      --reuse-port lets a new serve listen on the port of a running one
      (SO_REUSEPORT): start the new one, then SIGTERM the old, and nothing is refused. GET /metrics answers Prometheus metrics (requests,
      latency, errors, connections, pool, event feed, process), on --metrics-address HOST:PORT
      instead when given (then the main address has no /metrics); --no-metrics turns them off.
      A browser opening /graphql or / gets the GraphQL explorer, an IDE served from the binary
      itself (GET /graphql?query=... opens it with that document); --no-explorer turns it off, as
      --persisted-only does.
      --endpoint does not apply (serve offers the embedded backend). Runs only from the command
      line: rocket-reserver serve.
      """,
    options: [
      host.declaration, port.declaration, reusePort.declaration, maxConnectionsPerIP.declaration,
      maxExecutionsPerIP.declaration,
      database.declaration,
      databasePool.declaration, maxCost.declaration, maxResponseBytes.declaration,
      requestTimeout.declaration, persistedQueries.declaration, persistedOnly.declaration, noAPQ.declaration,
      noExplorer.declaration,
      apqMaxEntries.declaration, apqMaxBytes.declaration, eventRetentionAge.declaration,
      eventRetentionCount.declaration, sessionMaxAge.declaration, loginRate.declaration, pidFile.declaration,
      metricsAddress.declaration, noMetrics.declaration, drain.declaration, logFormat.declaration,
    ],
    availability: .commandLineOnly)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    if context.environment.options.endpoint != nil {
      return context.fail(
        "serve: --endpoint does not apply: serve offers the embedded backend (use --data-dir DIR to choose its database)",
        status: ExitStatus.usage)
    }
    let host = arguments[Self.host] ?? "127.0.0.1"
    let port = UInt16(clamping: arguments[Self.port] ?? 4000)
    var configuration = GraphQLHTTPServer.Configuration()
    configuration.reusePort = arguments[Self.reusePort]
    if let limit = arguments[Self.maxConnectionsPerIP] { configuration.maxConnectionsPerAddress = limit }
    if let limit = arguments[Self.maxExecutionsPerIP] {
      configuration.maxExecutionsPerAddress = limit == 0 ? configuration.executionThreads : limit
    }
    var limits = BackendLimits()
    if let cost = arguments[Self.maxCost] { limits.maxCost = cost }
    if let bytes = arguments[Self.maxResponseBytes] { limits.maxResponseBytes = bytes }
    if let timeout = arguments[Self.requestTimeout] { limits.timeout = timeout }
    var persisted = PersistedQuerySettings()
    persisted.automatic = !arguments[Self.noAPQ]
    if let entries = arguments[Self.apqMaxEntries] { persisted.maxEntries = entries }
    if let bytes = arguments[Self.apqMaxBytes] { persisted.maxBytes = bytes }
    persisted.trustedOnly = arguments[Self.persistedOnly]
    // The explorer sends documents of its own, which a trusted-documents-only server refuses.
    configuration.explorer = !arguments[Self.noExplorer] && !persisted.trustedOnly
    if let path = arguments[Self.persistedQueries] {
      guard let manifest = FileManager.default.contents(atPath: path) else {
        return context.fail(
          "serve: cannot read the manifest \(TerminalText.safe(path))", status: ExitStatus.noInput)
      }
      persisted.manifest = Array(manifest)
    } else if persisted.trustedOnly {
      return usageError("--persisted-only needs --persisted-queries MANIFEST", context)
    }
    var metricsSettings = MetricsSettings(
      enabled: !arguments[Self.noMetrics],
      operationNames: ServeMetrics.operationNames(manifest: persisted.manifest))
    if let address = arguments[Self.metricsAddress] {
      guard metricsSettings.enabled else {
        return usageError("give --metrics-address or --no-metrics, not both", context)
      }
      guard let listen = MetricsSettings.listenAddress(address) else {
        return usageError("--metrics-address needs HOST:PORT, such as 127.0.0.1:9464 or [::1]:9464", context)
      }
      metricsSettings.address = listen
    }
    let dataDirectoryGiven = context.environment.options.dataDirectory != nil
    // An explicit --data-dir means SQLite even when DATABASE_URL is set in the environment.
    var databaseURL = arguments[Self.database]
    if databaseURL == nil, !dataDirectoryGiven, let url = context.environment.variables["DATABASE_URL"],
      !url.isEmpty
    {
      databaseURL = url
    }
    let database: BookingDatabase
    if let databaseURL {
      guard !dataDirectoryGiven else {
        return usageError("give --data-dir or --database, not both", context)
      }
      database = .postgres(conninfo: databaseURL, poolSize: arguments[Self.databasePool] ?? 4)
    } else if let databasePath = context.session?.databasePath {
      if let problem = DataLocation.problem(withDirectoryOf: databasePath) {
        return context.fail("serve: \(problem)", status: ExitStatus.usage)
      }
      let directory = DataLocation.parent(of: databasePath)
      if dataDirectoryGiven, !directory.isEmpty, !DataLocation.exists(directory) {
        context.output.writeError("rocket-reserver: creating the data directory \(directory)\n")
      }
      database = .sqlite(path: databasePath)
    } else {
      return context.fail("serve: no database location")
    }
    if case .postgres(_, let poolSize) = database {
      // An execution waiting on PostgreSQL (a round trip, a commit) holds its thread: with fewer
      // threads than pooled connections, the pool could never be used fully.
      configuration.executionThreads = max(
        configuration.executionThreads, poolSize + GraphQLHTTPServer.defaultThreadCount)
      if arguments[Self.maxExecutionsPerIP] == 0 {
        configuration.maxExecutionsPerAddress = configuration.executionThreads
      }
      // Even a cheap query may wait on a round trip to PostgreSQL: none runs on the I/O threads.
      configuration.briefAnswerMilliseconds = nil
    }
    let age = arguments[Self.eventRetentionAge] ?? TripEventRetention.standard.maxAge ?? .zero
    let count = arguments[Self.eventRetentionCount] ?? TripEventRetention.standard.maxCount ?? 0
    let options = ServeOptions(
      pidFile: arguments[Self.pidFile], drain: arguments[Self.drain] ?? .seconds(5),
      logFormat: arguments[Self.logFormat] ?? .text,
      eventRetention: TripEventRetention(
        maxAge: age == .zero ? nil : age, maxCount: count == 0 ? nil : count),
      loginLimits: LoginLimits(
        sessionMaxAge: arguments[Self.sessionMaxAge] ?? LoginLimits.defaultSessionMaxAge,
        loginsPerMinute: arguments[Self.loginRate] ?? LoginLimits.defaultLoginsPerMinute)
    )
    return await serve(
      host: host, port: port, database: database, configuration: configuration, limits: limits,
      persisted: persisted, options: options, metrics: metricsSettings, context: context)
  }

  /// A usage error of this command, with its usage line.
  private func usageError(_ message: String, _ context: CommandContext) -> CommandOutcome {
    context.badArgument(ArgumentParser.Failure(message: message, showsUsage: true), for: self)
  }

  private func serve(
    host: String, port: UInt16, database: BookingDatabase, configuration: GraphQLHTTPServer.Configuration,
    limits: BackendLimits, persisted: PersistedQuerySettings, options: ServeOptions, metrics: MetricsSettings,
    context: CommandContext
  ) async -> CommandOutcome {
    let pidFile = options.pidFile
    let server: LaunchServer
    do {
      server = try LaunchServer(
        database: database, configuration: configuration, limits: limits, persisted: persisted,
        eventRetention: options.eventRetention, loginLimits: options.loginLimits,
        logFormat: options.logFormat,
        metrics: metrics,
        reportInternalError: { error in writeStandardError("rocket-reserver: internal error: \(error)\n") })
    } catch BookingStoreError.cannotConnect(let error) {
      return context.fail("serve: \(error.message)", status: ExitStatus.unavailable)
    } catch BookingStoreError.cannotCreateDirectory(let path, _) {
      return context.fail("serve: cannot create the data directory \(path)")
    } catch let error as TrustedDocuments.ManifestError {
      return context.fail("serve: \(error.description)", status: ExitStatus.config)
    } catch {
      return context.fail("serve: \(error)")
    }
    let signals = StopSignals()
    do {
      try server.start(host: host, port: port)
    } catch {
      let status: Int32
      switch error {
      case .invalidHost: status = ExitStatus.usage
      case .addressInUse, .cannotBind: status = ExitStatus.unavailable
      default: status = ExitStatus.failure
      }
      return context.fail("serve: \(error)", status: status)
    }
    if let pidFile {
      // Written before the ready line, so a script that waits for the line finds the file.
      guard
        (try? Data("\(getpid())\n".utf8).write(to: URL(fileURLWithPath: pidFile), options: .atomic)) != nil
      else {
        server.stop()
        return context.fail(
          "serve: cannot write the pid file \(TerminalText.safe(pidFile))", status: ExitStatus.ioError)
      }
    }
    // The output is an unbuffered write(2): the line is out before anyone reads it.
    let endpoint = server.endpoint ?? "http://\(host):\(port)/graphql"
    context.output.writeError("rocket-reserver: serving \(Self.describe(database))\n")
    let metricsURL = server.metricsURL
    if let metricsURL { context.output.writeError("rocket-reserver: metrics at \(metricsURL)\n") }
    if context.json {
      // One line, whatever the terminal: scripts read it with `head -1`.
      let boundPort = URLComponents(string: endpoint)?.port ?? Int(port)
      var fields: JSONObject = [
        "url": .string(endpoint), "host": .string(host), "port": .int(boundPort),
        "database": .string(database.redactedDescription),
      ]
      if let metricsURL { fields["metrics"] = .string(metricsURL) }
      let ready = JSON.object(fields)
      // `serve --jq .url` prints the URL alone, for `$(...)`.
      if !context.writeFiltered(ready, streamed: true) { context.output.write(ready.encodedString + "\n") }
    } else {
      context.output.write("listening on \(endpoint)\n")
    }
    if await signals.wait() == SIGTERM, options.drain > .zero {
      // A load balancer sees /ready fail and stops sending; what it sent meanwhile is served.
      // With --reuse-port the kernel is the balancer: new connections go to the serve that
      // started on the port after this one, and this one's queue empties before it closes.
      server.beginDraining()
      context.output.writeError(
        "rocket-reserver: draining for \(options.drainDescription) s (a second signal stops at once)\n")
      _ = await signals.second(within: options.drain)
    }
    server.stop()
    if let pidFile { _ = unlink(pidFile) }
    context.output.writeError("rocket-reserver: stopped\n")
    return .success
  }

  /// The database in the start-up line, for an operator (never a password).
  private static func describe(_ database: BookingDatabase) -> String {
    let kind = if case .sqlite = database { "SQLite" } else { "PostgreSQL" }
    return "the \(kind) database \(TerminalText.safe(database.redactedDescription))"
  }
}
