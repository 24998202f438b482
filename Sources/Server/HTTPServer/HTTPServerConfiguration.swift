import Glibc

/// Limits and tuning of an `HTTPServer` (and so of a `GraphQLHTTPServer`). The defaults suit
/// `rocket-reserver serve`.
public struct HTTPServerConfiguration: Sendable {
  /// The largest request body accepted; a larger one gets 413 (default 1 MiB).
  public var maxBodyBytes: Int
  /// Seconds a connection may stay idle or half-sent before it is closed (default 10).
  public var connectionTimeoutSeconds: Int
  /// The most ordinary connections served at once; one more is closed as soon as it is accepted
  /// (default 1024). Long-lived ones have `maxSubscriptionConnections` slots of their own.
  public var connectionLimit: Int
  /// The most connections at once from one client address; more are closed on accept (default
  /// 64; 0 means no limit).
  public var maxConnectionsPerAddress: Int
  /// Seconds a whole request head may take, not renewed by arriving bytes (default 10).
  public var headTimeoutSeconds: Int
  /// The largest request head answered; a larger one gets 431 (default
  /// `defaultConnectionMemoryBytes`). Each connection's buffer is this plus room for the answer.
  public var connectionMemoryBytes: Int
  /// Worker threads (default: the number of online cores).
  public var threads: Int
  /// How long `stop()` waits for in-flight requests before closing connections (default 10 s).
  public var drainTimeoutSeconds: Double
  /// The most long-lived subscription connections (WebSockets, multipart and SSE responses) at
  /// once, on top of `connectionLimit`; more get 503 (default 10,000).
  public var maxSubscriptionConnections = 10_000
  /// Threads computing answers, off libmicrohttpd's `threads` (default: twice the cores, at least 2).
  public var executionThreads = max(2, 2 * HTTPServerConfiguration.defaultThreadCount)
  /// The most executions one client address runs at once, so that other addresses always find
  /// an execution thread (default: the number of cores; fair only below `executionThreads`).
  public var maxExecutionsPerAddress = HTTPServerConfiguration.defaultThreadCount
  /// Seconds a subscriber may leave what was sent to it unread (nothing taken) before its stream
  /// ends with `SUBSCRIBER_TOO_SLOW` (WebSocket close 4499); below the connection timeout, so the
  /// last part can still go out (default 8). One that reads, however slowly, falls behind instead.
  public var stalledSubscriberSeconds: Double = 8
  /// Buffered answers of at least this many bytes go out in gzip to clients that allow it;
  /// streamed ones never. Nil: never (default 1 KiB, below which gzip does not pay).
  public var gzipMinimumBytes: Int? = 1024
  /// Brief answers (`HTTPResponder.computeBrief`) are computed on the thread that read the
  /// request while each takes at most this many milliseconds of CPU; a longer one sends every
  /// answer to the execution threads for a second (`InlineBudget`). Nil: none is (default 5 ms,
  /// above a virtual machine's occasional 3 ms stall).
  public var briefAnswerMilliseconds: Double? = 5
  /// Whether the listening socket has SO_REUSEPORT, so that a new instance can start on the
  /// port before the old one drains (a rolling restart refuses nothing) (default false).
  public var reusePort = false
  /// How long answers stop running inline after one took longer than `briefAnswerMilliseconds`.
  package var briefAnswerPauseSeconds: Double = 1

  /// The limits as each property says, with its default.
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

  /// The default bound on a request head: 32 KiB, libmicrohttpd's own. It zeroes a connection's
  /// whole buffer after every request, so a larger bound costs every request.
  public static let defaultConnectionMemoryBytes = 32 << 10

  /// The number of online cores (at least 1): one worker thread per core.
  public static var defaultThreadCount: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
}
