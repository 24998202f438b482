import CommandLineKit
import FoundationEssentials
import GraphQLHTTP
import GraphQLWire
import HTTPServer
import LaunchBackend
import LaunchServer
import RocketReserverAPI

/// Everything `serve` is asked for, as one value: each option bound to the property it sets (most
/// of them settings of the server's own types), whose initial value is the default help shows;
/// ``resolve(dataDirectoryGiven:databasePath:environment:)`` checks them against each other.
struct ServeConfiguration: ParsableOptions {
  var host = "127.0.0.1"
  var port = 4000
  /// The HTTP server's limits, threads and explorer.
  var server = GraphQLHTTPServer.Configuration()
  /// Nil for the server's default (the number of cores), 0 for no limit.
  var maxExecutionsPerIP: Int?
  var databaseURL: String?
  var databasePool = 4
  var limits = BackendLimits()
  /// Automatic persisted queries and trusted documents (the manifest once read).
  var persisted = PersistedQuerySettings()
  var manifestPath: String?
  var noExplorer = false
  var eventRetentionAge = TripEventRetention.standard.maxAge ?? .zero
  var eventRetentionCount = TripEventRetention.standard.maxCount ?? 0
  var sessionMaxAge = LoginLimits.defaultSessionMaxAge
  var loginRate = LoginLimits.defaultLoginsPerMinute
  var pidFile: String?
  var drain = Duration.seconds(5)
  var logFormat = AccessLogFormat.text
  var metricsEnabled = true
  var metricsAddress: String?

  static let bindings: [OptionBinding<ServeConfiguration>] = [
    .option(
      "--host", valueName: "H", type: .text, into: \.host,
      help: "the address to listen on: IPv4 or IPv6 (::1, or :: for every interface)"),
    .option(
      "--port", valueName: "P", type: .integer(in: 0...65535), into: \.port,
      help: "the port; 0 picks a free one"),
    .flag(
      "--reuse-port", \.server.http.reusePort,
      help: "listen with SO_REUSEPORT: a new serve starts on the port of a running one, which hands it "
        + "new connections when it drains (rolling restarts on one host)"),
    .option(
      "--max-connections-per-ip", valueName: "N", type: .integer(in: 0...100_000),
      into: \.server.http.maxConnectionsPerAddress,
      help: "the most connections one client address may hold at once; 0 for no limit"),
    .option(
      "--max-executions-per-ip", valueName: "N", type: .integer(in: 0...10_000), into: \.maxExecutionsPerIP,
      help: "the most GraphQL executions one client address runs at once, its other requests waiting "
        + "their turn (default: the number of cores); 0 for no limit"),
    .option(
      "--database", valueName: "URL", type: .text, into: \.databaseURL,
      help: "keep the data in PostgreSQL (postgresql://USER@HOST:PORT/DB or any libpq connection string)"),
    .option(
      "--database-pool", valueName: "N", type: .integer(in: 1...1000), into: \.databasePool,
      help: "PostgreSQL connections per process"),
    .option(
      "--max-cost", valueName: "N", type: .positiveInteger, into: \.limits.maxCost,
      help: "the highest static cost a request may have (QUERY_TOO_COMPLEX above it)"),
    .option(
      "--max-response-bytes", valueName: "N", type: .positiveInteger, into: \.limits.maxResponseBytes,
      help: "the most bytes one answer may take (RESPONSE_TOO_LARGE past it)"),
    .option(
      "--request-timeout", valueName: "SECONDS", type: .seconds(upTo: 3600), into: \.limits.timeout,
      help: "how long one request may take, in decimal seconds (REQUEST_TIMEOUT past it)"),
    .option(
      "--persisted-queries", valueName: "MANIFEST", type: .path, into: \.manifestPath,
      help: "trusted documents: a persisted-query manifest in Apollo's format (rocket-codegen --manifest)"),
    .flag(
      "--persisted-only", \.persisted.trustedOnly,
      help: "run only the manifest's documents (anything else: PERSISTED_QUERY_NOT_IN_LIST)"),
    .flag(
      "--no-apq", sets: \.persisted.automatic, to: false,
      help: "refuse automatic persisted queries (PersistedQueryNotSupported)"),
    .flag(
      "--no-explorer", \.noExplorer,
      help: "answer browsers opening /graphql with GraphQL, not the explorer page (off with --persisted-only)"
    ),
    .option(
      "--apq-max-entries", valueName: "N", type: .integer(in: 1...10_000_000), into: \.persisted.maxEntries,
      help: "the most automatic persisted queries kept, the least recently used out first"),
    .option(
      "--apq-max-bytes", valueName: "N", type: .positiveInteger, into: \.persisted.maxBytes,
      help: "the most bytes of automatic persisted query text kept"),
    .option(
      "--event-retention-age", valueName: "AGE", type: .age, into: \.eventRetentionAge,
      help: "keep tripsBooked events this long for subscribers that resume (90s, 30m, 12h, 7d); 0 for ever"),
    .option(
      "--event-retention-count", valueName: "N", type: .integer(in: 0...1_000_000_000),
      into: \.eventRetentionCount,
      help: "keep at most the N newest tripsBooked events for subscribers that resume; 0 for any number"),
    .option(
      "--session-max-age", valueName: "AGE", type: .age, into: \.sessionMaxAge,
      help: "how long a login's token is accepted (90s, 30m, 12h, 30d); expired sessions are deleted"),
    .option(
      "--login-rate", valueName: "N", type: .integer(in: 0...1_000_000), into: \.loginRate,
      help: "the logins one client address may make per minute (a burst of N/6, at most 10, at once); "
        + "more are answered 429 with Retry-After; 0 for no limit"),
    .option(
      "--pid-file", valueName: "FILE", type: .path, into: \.pidFile,
      help: "write the process id to FILE once listening (removed when serve stops)"),
    .option(
      "--metrics-address", valueName: "HOST:PORT", type: .text, into: \.metricsAddress,
      help: "serve GET /metrics (Prometheus) on this address instead of the main one, e.g. 127.0.0.1:9464"),
    .flag("--no-metrics", sets: \.metricsEnabled, to: false, help: "keep no metrics and answer no /metrics"),
    .option(
      "--drain", valueName: "SECONDS", type: drainType, into: \.drain,
      help: "on SIGTERM, how long /ready answers 503 while every request is still served before the "
        + "server stops; 0 stops at once"),
    .option(
      "--log-format", valueName: "FORMAT", type: .choice(AccessLogFormat.self, noun: "log format"),
      into: \.logFormat,
      help: "the access log on standard error: text (a line of words) or json (an object per line)"),
  ]

  /// Why the options cannot be served.
  enum Problem: Error {
    /// Options that do not go together: said with the command's usage line.
    case usage(String)
    /// Something they name cannot be used, with the exit status.
    case failure(String, status: Int32)
  }

  /// Checks the options against each other, reads the manifest, completes the server settings they
  /// imply and chooses the database (`--data-dir` means SQLite even when `DATABASE_URL` is set).
  mutating func resolve(
    dataDirectoryGiven: Bool, databasePath: String?, environment: [String: String]
  ) throws(Problem) -> BookingDatabase {
    if let limit = maxExecutionsPerIP {
      server.maxExecutionsPerAddress = limit == 0 ? server.executionThreads : limit
    }
    // The explorer sends documents of its own, which a trusted-documents-only server refuses.
    server.explorer = !noExplorer && !persisted.trustedOnly
    if let manifestPath {
      guard let manifest = FileManager.default.contents(atPath: manifestPath) else {
        throw .failure(
          "cannot read the manifest \(TerminalText.safe(manifestPath))", status: ExitStatus.noInput)
      }
      persisted.manifest = Array(manifest)
    } else if persisted.trustedOnly {
      throw .usage("--persisted-only needs --persisted-queries MANIFEST")
    }
    if let metricsAddress {
      guard metricsEnabled else { throw .usage("give --metrics-address or --no-metrics, not both") }
      guard MetricsSettings.listenAddress(metricsAddress) != nil else {
        throw .usage("--metrics-address needs HOST:PORT, such as 127.0.0.1:9464 or [::1]:9464")
      }
    }
    let url =
      databaseURL
      ?? (dataDirectoryGiven ? nil : environment["DATABASE_URL"].flatMap { $0.isEmpty ? nil : $0 })
    guard let url else {
      guard let databasePath else { throw .failure("no database location", status: ExitStatus.failure) }
      if let problem = DataLocation.problem(withDirectoryOf: databasePath) {
        throw .failure(problem, status: ExitStatus.usage)
      }
      return .sqlite(path: databasePath)
    }
    guard !dataDirectoryGiven else { throw .usage("give --data-dir or --database, not both") }
    // An execution waiting on PostgreSQL (a round trip, a commit) holds its thread: with fewer
    // threads than pooled connections, the pool could never be used fully.
    server.executionThreads = max(
      server.executionThreads, databasePool + GraphQLHTTPServer.defaultThreadCount)
    if maxExecutionsPerIP == 0 { server.maxExecutionsPerAddress = server.executionThreads }
    // Even a cheap query may wait on a round trip to PostgreSQL: none runs on the I/O threads.
    server.briefAnswerMilliseconds = nil
    return .postgres(conninfo: url, poolSize: databasePool)
  }

  var eventRetention: TripEventRetention {
    TripEventRetention(
      maxAge: eventRetentionAge == .zero ? nil : eventRetentionAge,
      maxCount: eventRetentionCount == 0 ? nil : eventRetentionCount)
  }

  var loginLimits: LoginLimits { LoginLimits(sessionMaxAge: sessionMaxAge, loginsPerMinute: loginRate) }

  /// The drain in decimal seconds, as an operator gives it (`5`, `0.25`).
  var drainDescription: String { Self.drainType.format(drain) }

  private static let drainType = ValueType<Duration>.seconds(upTo: 3600, orZero: true)

  var metrics: MetricsSettings {
    MetricsSettings(
      enabled: metricsEnabled, operationNames: Self.operationNames(manifest: persisted.manifest),
      address: metricsAddress.flatMap(MetricsSettings.listenAddress))
  }

  /// The operations metrics count under their own name: the generated client's, and at most
  /// `maxManifestNames` of a manifest's (so that the label stays bounded).
  static func operationNames(manifest: [UInt8]?) -> [String] {
    var names = [
      LaunchListQuery.operationName, LaunchDetailsQuery.operationName, LoginMutation.operationName,
      BookTripsMutation.operationName, CancelTripMutation.operationName, MeQuery.operationName,
      TotalTripsBookedQuery.operationName, TripsBookedSubscription.operationName,
    ]
    guard let manifest, case .array(let operations)? = (try? JSON(parsing: manifest))?["operations"] else {
      return names
    }
    for operation in operations.prefix(maxManifestNames) {
      if let name = operation["name"]?.stringValue, !names.contains(name) { names.append(name) }
    }
    return names
  }

  static let maxManifestNames = 200
}
