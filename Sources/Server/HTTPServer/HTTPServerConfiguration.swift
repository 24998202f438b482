import Glibc

/// Limits and tuning of an `HTTPServer` (and so of a `GraphQLHTTPServer`). The defaults suit
/// `rocket-reserver serve`.
public struct HTTPServerConfiguration: Sendable {
  /// The largest request body accepted; a larger one gets 413 (default 1 MiB).
  public var maxBodyBytes: Int
  /// Seconds a connection may stay idle or half-sent before it is closed (default 10).
  public var connectionTimeoutSeconds: Int
  /// The most ordinary connections served at once (default 1024). Long-lived subscription
  /// connections have `maxSubscriptionConnections` slots of their own; one more ordinary
  /// connection is closed as soon as it is accepted (without subscription slots it waits in
  /// the listen backlog instead).
  public var connectionLimit: Int
  /// The most connections at once from one client address; more are closed on accept, so that
  /// one client cannot take every slot (default 64; 0 means no limit).
  public var maxConnectionsPerAddress: Int
  /// Seconds a whole request head may take, from when the connection starts waiting for it
  /// (accepted, or its previous request completed); not renewed by arriving bytes (default 10).
  public var headTimeoutSeconds: Int
  /// The largest request head (request line plus headers) answered; a larger one gets 431
  /// (default `defaultConnectionMemoryBytes`). Each connection's buffer is this plus room to build
  /// the answer.
  public var connectionMemoryBytes: Int
  /// Worker threads (default: the number of online cores).
  public var threads: Int
  /// How long `stop()` waits for in-flight requests before closing connections (default 10 s).
  public var drainTimeoutSeconds: Double
  /// The most long-lived subscription connections (WebSockets, multipart and SSE responses) at
  /// once, on top of `connectionLimit`; more get 503 (default 10,000).
  public var maxSubscriptionConnections = 10_000
  /// Threads computing answers (GraphQL executions), off libmicrohttpd's `threads` (default: twice the
  /// number of online cores, at least 2).
  public var executionThreads = max(2, 2 * HTTPServerConfiguration.defaultThreadCount)
  /// The most executions one client address runs at once; its further requests wait their
  /// turn, so other addresses always find an execution thread (default: the number of online
  /// cores; at most `executionThreads`, and fair only when less).
  public var maxExecutionsPerAddress = HTTPServerConfiguration.defaultThreadCount
  /// Seconds a subscriber may leave what was sent to it unread (its socket's buffers full,
  /// nothing taken) before its stream ends with `SUBSCRIBER_TOO_SLOW` (WebSocket close 4499);
  /// below the connection timeout, so that a streamed response's last part can still go out
  /// (default 8). A subscriber that reads, however slowly, is never ended: it falls behind
  /// and catches up from the event log.
  public var stalledSubscriberSeconds: Double = 8
  /// Buffered answers of at least this many bytes go out in gzip to clients whose
  /// `Accept-Encoding` allows it (`Content-Encoding: gzip`, `Vary: Accept-Encoding`); streamed
  /// answers never do. Nil: never (default 1 KiB, below which gzip's own bytes and time do not
  /// pay).
  public var gzipMinimumBytes: Int? = 1024
  /// Answers the router expects to be brief (`HTTPResponder.computeBrief`) are computed on the
  /// thread that read the request, without the hand-off to an execution thread, as long as each
  /// takes at most this many milliseconds of CPU (and, if it waits, five times as long in all);
  /// one that takes longer sends every answer to the execution threads for a second. Nil: none
  /// is (default 5 ms: a brief answer takes well under one, and a virtual machine's CPU now and
  /// then stalls a thread for 3).
  public var briefAnswerMilliseconds: Double? = 5
  /// Whether the listening socket has SO_REUSEPORT, so that another server (of the same user)
  /// can listen on the same port at once: a new instance starts before the old one drains, and
  /// a rolling restart on one host refuses nothing (default false).
  public var reusePort = false
  /// How long answers stop running inline after one took longer than `briefAnswerMilliseconds`.
  package var briefAnswerPauseSeconds: Double = 1

  /// - Parameters:
  ///   - maxBodyBytes: the largest request body (default 1 MiB).
  ///   - connectionTimeoutSeconds: idle or half-sent connection timeout (default 10).
  ///   - connectionLimit: the most simultaneous connections (default 1024).
  ///   - maxConnectionsPerAddress: the most simultaneous connections from one client address
  ///     (default 64; 0: no limit).
  ///   - headTimeoutSeconds: the longest a request head may take (default 10).
  ///   - connectionMemoryBytes: buffer per connection (default `defaultConnectionMemoryBytes`).
  ///   - threads: worker threads (default `HTTPServerConfiguration.defaultThreadCount`).
  ///   - drainTimeoutSeconds: the longest graceful stop waits for requests (default 10).
  public init(
    maxBodyBytes: Int = 1 << 20, connectionTimeoutSeconds: Int = 10, connectionLimit: Int = 1024,
    maxConnectionsPerAddress: Int = 64, headTimeoutSeconds: Int = 10,
    connectionMemoryBytes: Int = HTTPServerConfiguration.defaultConnectionMemoryBytes,
    threads: Int = HTTPServerConfiguration.defaultThreadCount,
    drainTimeoutSeconds: Double = 10
  ) {
    self.maxBodyBytes = maxBodyBytes
    self.connectionTimeoutSeconds = connectionTimeoutSeconds
    self.connectionLimit = connectionLimit
    self.maxConnectionsPerAddress = maxConnectionsPerAddress
    self.headTimeoutSeconds = headTimeoutSeconds
    self.connectionMemoryBytes = connectionMemoryBytes
    self.threads = threads
    self.drainTimeoutSeconds = drainTimeoutSeconds
  }

  /// The default bound on a request head: 32 KiB, libmicrohttpd's own default. libmicrohttpd
  /// zeroes a connection's whole buffer after every request, so a larger bound costs every
  /// request, not only large heads (64 KiB cost LaunchList 110 K instructions of `memset`).
  public static let defaultConnectionMemoryBytes = 32 << 10

  /// The number of online cores (at least 1): one worker thread per core.
  public static var defaultThreadCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
