import GraphQLServer
import LaunchBackend

/// `serve [--host H] [--port P] [--data-dir DIR] [--max-connections-per-ip N]`: offers the embedded API over HTTP until
/// SIGINT or SIGTERM.
public struct ServeCommand: Command {
  public let name = "serve"
  public let summary = "serve the embedded API over HTTP (GraphQL at /graphql) until Ctrl-C"
  public let usage = "serve [--host H] [--port P] [--data-dir DIR] [--max-connections-per-ip N]"
  public let details = """
    Defaults: --host 127.0.0.1 --port 4000. HOST is an IPv4 or IPv6 address (::1, or :: for
    every interface). Prints 'listening on http://HOST:PORT/graphql' when ready; --port 0
    picks a free port. --max-connections-per-ip: the most connections one client address may
    hold at once (default 64; 0 for no limit).
    One access-log line per request goes to standard error. SIGINT or SIGTERM stops it
    gracefully: in-flight requests finish, the database is closed, the exit status is 0.
    Runs only from the command line: rocket-reserver serve.
    """

  /// Creates the command.
  public init() {}

  public func run(_ arguments: [String], context: CommandContext) async -> CommandOutcome {
    guard context.isOneShot else {
      return context.fail(
        "serve runs on its own: start 'rocket-reserver serve' in another terminal",
        status: ExitStatus.usage)
    }
    var host = "127.0.0.1"
    var port: UInt16 = 4000
    var databasePath = context.session?.databasePath
    var configuration = GraphQLHTTPServer.Configuration()
    var words = arguments[...]
    while let word = words.popFirst() {
      let (option, inline) = GlobalOptions.splitOption(word)
      guard ["--host", "--port", "--data-dir", "--max-connections-per-ip"].contains(option) else {
        return context.badArgument("unexpected '\(word)'", for: self)
      }
      guard let value = inline ?? words.popFirst(), !value.isEmpty else {
        return context.badArgument("\(option) needs a value", for: self)
      }
      switch option {
      case "--host": host = value
      case "--port":
        guard let number = UInt16(value) else {
          return context.badArgument("--port takes a number from 0 to 65535, not '\(value)'", for: self)
        }
        port = number
      case "--max-connections-per-ip":
        guard let number = Int(value), (0...100_000).contains(number) else {
          return context.badArgument(
            "--max-connections-per-ip takes a number from 0 to 100000, not '\(value)'", for: self)
        }
        configuration.maxConnectionsPerAddress = number
      default: databasePath = DataLocation.databasePath(inDirectory: value)
      }
    }
    guard let databasePath else { return context.fail("serve: no database location") }
    return await serve(
      host: host, port: port, databasePath: databasePath, configuration: configuration, context: context)
  }

  private func serve(
    host: String, port: UInt16, databasePath: String, configuration: GraphQLHTTPServer.Configuration,
    context: CommandContext
  ) async -> CommandOutcome {
    let backend: LaunchBackend
    let events = TripEventHub()
    do {
      backend = try LaunchBackend(
        databasePath: databasePath,
        reportInternalError: { error in writeStandardError("rocket-reserver: internal error: \(error)\n") },
        tripsBookedChanged: { events.publish($0) })
    } catch {
      return context.fail("serve: \(error)")
    }
    let signals = StopSignals()
    let server = GraphQLHTTPServer(
      service: BackendGraphQLService(backend: backend, events: { events.subscribe() }),
      configuration: configuration)
    do {
      try server.start(host: host, port: port)
    } catch {
      backend.close()
      let status: Int32
      switch error {
      case .invalidHost: status = ExitStatus.usage
      case .addressInUse, .cannotBind: status = ExitStatus.unavailable
      default: status = ExitStatus.failure
      }
      return context.fail("serve: \(error)", status: status)
    }
    // writeStandardOutput is an unbuffered write(2): the line is out before anyone reads it.
    context.output.write("listening on \(server.endpoint ?? "http://\(host):\(port)/graphql")\n")
    _ = await signals.wait()
    server.stop()
    backend.close()
    context.output.writeError("rocket-reserver: stopped\n")
    return .success
  }
}
