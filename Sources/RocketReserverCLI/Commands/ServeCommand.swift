import Foundation
import GraphQLServer
import LaunchBackend

/// `serve [--host H] [--port P] [--data-dir DIR | --database URL] [--database-pool N]
/// [--max-connections-per-ip N]`: offers the embedded API over HTTP until SIGINT or SIGTERM.
public struct ServeCommand: Command {
  public let name = "serve"
  public let summary = "serve the embedded API over HTTP (GraphQL at /graphql) until Ctrl-C"
  public let usage =
    "serve [--host H] [--port P] [--data-dir DIR | --database URL] [--database-pool N] [--max-connections-per-ip N]"
  public let details = """
    Defaults: --host 127.0.0.1 --port 4000. HOST is an IPv4 or IPv6 address (::1, or :: for
    every interface). Prints 'listening on http://HOST:PORT/graphql' when ready; --port 0
    picks a free port. --max-connections-per-ip: the most connections one client address may
    hold at once (default 64; 0 for no limit).
    One access-log line per request goes to standard error. SIGINT or SIGTERM stops it
    gracefully: in-flight requests finish, the database is closed, the exit status is 0.
    Runs only from the command line: rocket-reserver serve.
    --database postgresql://USER@HOST:PORT/DB (or DATABASE_URL; any libpq connection string,
    PG* variables as in psql) keeps the data in PostgreSQL, shared by every serve using it;
    --database-pool N connections per process (default 4). Exit 69 if it cannot be reached.
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
    var databaseURL: String?
    var dataDirGiven = false
    var poolSize = 4
    var configuration = GraphQLHTTPServer.Configuration()
    var words = arguments[...]
    while let word = words.popFirst() {
      let (option, inline) = GlobalOptions.splitOption(word)
      let options = [
        "--host", "--port", "--data-dir", "--database", "--database-pool", "--max-connections-per-ip",
      ]
      guard options.contains(option) else {
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
      case "--database": databaseURL = value
      case "--database-pool":
        guard let number = Int(value), (1...1000).contains(number) else {
          return context.badArgument(
            "--database-pool takes a number from 1 to 1000, not '\(value)'", for: self)
        }
        poolSize = number
      default:
        databasePath = DataLocation.databasePath(inDirectory: value)
        dataDirGiven = true
      }
    }
    // An explicit --data-dir means SQLite even when DATABASE_URL is set in the environment.
    if databaseURL == nil, !dataDirGiven, let url = ProcessInfo.processInfo.environment["DATABASE_URL"],
      !url.isEmpty
    {
      databaseURL = url
    }
    let database: BookingDatabase
    if let databaseURL {
      guard !dataDirGiven else {
        return context.badArgument("give --data-dir or --database, not both", for: self)
      }
      database = .postgres(conninfo: databaseURL, poolSize: poolSize)
    } else if let databasePath {
      database = .sqlite(path: databasePath)
    } else {
      return context.fail("serve: no database location")
    }
    return await serve(
      host: host, port: port, database: database, configuration: configuration, context: context)
  }

  private func serve(
    host: String, port: UInt16, database: BookingDatabase, configuration: GraphQLHTTPServer.Configuration,
    context: CommandContext
  ) async -> CommandOutcome {
    let backend: LaunchBackend
    do {
      backend = try LaunchBackend(
        store: database.open(),
        reportInternalError: { error in writeStandardError("rocket-reserver: internal error: \(error)\n") })
    } catch BookingStoreError.cannotConnect(let error) {
      return context.fail("serve: \(error.message)", status: ExitStatus.unavailable)
    } catch {
      return context.fail("serve: \(error)")
    }
    let signals = StopSignals()
    let server = GraphQLHTTPServer(
      service: BackendGraphQLService(backend: backend), configuration: configuration)
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
