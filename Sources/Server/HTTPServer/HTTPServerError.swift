/// Why an `HTTPServer` (a `GraphQLHTTPServer`) could not start.
public enum HTTPServerError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The host is not an IPv4 address (or `localhost`).
  case invalidHost(String)
  /// Another process already listens on the port.
  case addressInUse(host: String, port: UInt16)
  /// The address cannot be bound here (not a local address, or a privileged port).
  case cannotBind(host: String, port: UInt16, reason: String)
  /// `start` was called on a server that is running or has been stopped.
  case alreadyStarted
  /// libmicrohttpd refused to start (out of threads or memory).
  case daemonFailed
  /// A library the server needs (libmicrohttpd, wslay), opened when the server starts, is missing.
  case libraryMissing(String)

  /// A one-line message for the user, such as `address 127.0.0.1:4000 is already in use`.
  public var description: String {
    switch self {
    case .invalidHost(let host): "invalid host \"\(host)\": expected an IP address such as 127.0.0.1 or ::1"
    case .addressInUse(let host, let port): "address \(host):\(port) is already in use"
    case .cannotBind(let host, let port, let reason): "cannot listen on \(host):\(port): \(reason)"
    case .alreadyStarted: "the server was already started"
    case .daemonFailed: "the HTTP server could not start its worker threads"
    case .libraryMissing(let reason): "cannot load \(reason)"
    }
  }
}
