import CommandLineKit
import FoundationEssentials
import Glibc
import GraphQL
import GraphQLHTTP
import GraphQLWire
import HTTPServer
import LaunchBackend
import LaunchServer

/// `serve [OPTIONS]`: offers the embedded API over HTTP until SIGINT or SIGTERM.
public struct ServeCommand: Command {
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
    options: ServeConfiguration.declarations,
    availability: .commandLineOnly)

  public func run(_ arguments: ParsedArguments, context: CommandContext) async -> CommandOutcome {
    if context.environment.options.endpoint != nil {
      return context.fail(
        "serve: --endpoint does not apply: serve offers the embedded backend (use --data-dir DIR to choose its database)",
        status: ExitStatus.usage)
    }
    var configuration = ServeConfiguration(arguments.options)
    let dataDirectoryGiven = context.environment.options.dataDirectory != nil
    let database: BookingDatabase
    do throws(ServeConfiguration.Problem) {
      database = try configuration.resolve(
        dataDirectoryGiven: dataDirectoryGiven, databasePath: context.session?.databasePath,
        environment: context.environment.variables)
    } catch {
      switch error {
      case .usage(let message):
        return context.badArgument(ArgumentParser.Failure(message: message, showsUsage: true), for: self)
      case .failure(let message, let status): return context.fail("serve: \(message)", status: status)
      }
    }
    if case .sqlite(let path) = database, dataDirectoryGiven {
      let directory = DataLocation.parent(of: path)
      if !directory.isEmpty, !DataLocation.exists(directory) {
        context.output.writeError("rocket-reserver: creating the data directory \(directory)\n")
      }
    }
    return await serve(database, options: configuration, context: context)
  }

  private func serve(_ database: BookingDatabase, options: ServeConfiguration, context: CommandContext) async
    -> CommandOutcome
  {
    let (host, port, pidFile) = (options.host, UInt16(clamping: options.port), options.pidFile)
    let server: LaunchServer
    do {
      server = try LaunchServer(
        database: database, configuration: options.server, limits: options.limits,
        persisted: options.persisted, eventRetention: options.eventRetention,
        loginLimits: options.loginLimits, logFormat: options.logFormat, metrics: options.metrics,
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
