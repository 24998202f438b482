import HTTPServer

/// What `serve` was asked about metrics: whether to keep them, the operation names they count by
/// name, and the separate address that serves them, if any.
public struct MetricsSettings: Sendable {
  /// Keep metrics and answer `/metrics` (false with `--no-metrics`).
  public var enabled: Bool
  /// The operations counted under their own name.
  public var operationNames: [String]
  /// `--metrics-address`: a listener of its own for `/metrics` (the main one then has none).
  public var address: (host: String, port: UInt16)?

  /// - Parameters:
  ///   - enabled: whether to keep metrics at all.
  ///   - operationNames: the operations counted under their own name.
  ///   - address: the listener of their own, if any (default none: the main address answers).
  public init(enabled: Bool, operationNames: [String], address: (host: String, port: UInt16)? = nil) {
    self.enabled = enabled
    self.operationNames = operationNames
    self.address = address
  }

  /// `HOST:PORT` split at its last colon (`127.0.0.1:9464`, `[::1]:9464`, `localhost:0`); nil
  /// when either part is missing or the port is not a number up to 65535.
  public static func listenAddress(_ text: String) -> (host: String, port: UInt16)? {
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]) else {
      return nil
    }
    let host = String(text[..<colon])
    // A bare IPv6 address without brackets (`::1`) has colons of its own: the port is ambiguous.
    guard !host.isEmpty, !host.contains(":") || (host.hasPrefix("[") && host.hasSuffix("]")) else {
      return nil
    }
    return (host, port)
  }

  /// The listener that serves only `/metrics` from `registry`: few threads, no access log (a
  /// scraper's requests every few seconds would drown the GraphQL lines), its own connection
  /// limits, so that the main address's per-address limits never stand in its way.
  func server(_ registry: MetricsRegistry) -> HTTPServer {
    var configuration = HTTPServerConfiguration(connectionLimit: 64, maxConnectionsPerAddress: 0, threads: 1)
    configuration.executionThreads = 2
    configuration.maxExecutionsPerAddress = 1
    configuration.maxSubscriptionConnections = 0
    return HTTPServer(
      router: MetricsRouter(registry: registry), configuration: configuration,
      accessLog: DiscardingAccessLog())
  }
}
