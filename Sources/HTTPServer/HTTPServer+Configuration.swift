extension HTTPServer {
  /// Limits and tuning of an `HTTPServer` (a GraphQL server's configuration says what each means
  /// and its default: `GraphQLHTTPServer.Configuration`).
  package struct Configuration: Sendable {
    /// The largest body a router asks for; bounds what is read and dropped of a refused one.
    package var maxBodyBytes: Int
    /// Seconds a connection may stay idle or half-sent before it is closed.
    package var connectionTimeoutSeconds: Int
    /// The most ordinary connections served at once.
    package var connectionLimit: Int
    /// The most connections at once from one client address (0: no limit).
    package var maxConnectionsPerAddress: Int
    /// Seconds a whole request head may take.
    package var headTimeoutSeconds: Int
    /// The largest request head answered; a larger one gets 431.
    package var connectionMemoryBytes: Int
    /// libmicrohttpd's worker threads.
    package var threads: Int
    /// How long `stop()` waits for in-flight requests before closing connections.
    package var drainTimeoutSeconds: Double
    /// The most long-lived connections (upgraded, streamed) at once, beyond `connectionLimit`.
    package var maxLongLivedConnections: Int
    /// Threads computing answers, off libmicrohttpd's `threads`.
    package var executionThreads: Int
    /// The most computed answers one client address runs at once.
    package var maxExecutionsPerAddress: Int
    /// Seconds a streamed response's client may leave what was sent unread before it ends.
    package var stalledClientSeconds: Double

    package init(
      maxBodyBytes: Int, connectionTimeoutSeconds: Int, connectionLimit: Int, maxConnectionsPerAddress: Int,
      headTimeoutSeconds: Int, connectionMemoryBytes: Int, threads: Int, drainTimeoutSeconds: Double,
      maxLongLivedConnections: Int, executionThreads: Int, maxExecutionsPerAddress: Int,
      stalledClientSeconds: Double
    ) {
      self.maxBodyBytes = maxBodyBytes
      self.connectionTimeoutSeconds = connectionTimeoutSeconds
      self.connectionLimit = connectionLimit
      self.maxConnectionsPerAddress = maxConnectionsPerAddress
      self.headTimeoutSeconds = headTimeoutSeconds
      self.connectionMemoryBytes = connectionMemoryBytes
      self.threads = threads
      self.drainTimeoutSeconds = drainTimeoutSeconds
      self.maxLongLivedConnections = maxLongLivedConnections
      self.executionThreads = executionThreads
      self.maxExecutionsPerAddress = maxExecutionsPerAddress
      self.stalledClientSeconds = stalledClientSeconds
    }
  }
}
