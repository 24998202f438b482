import RocketClient

extension Session {
  /// How this session's subscriptions reach the server: the embedded backend in-process, or
  /// the endpoint over HTTP (multipart, falling back to a WebSocket as `mode` allows).
  func subscriptionTransport(mode: HTTPSubscriptionTransport.Mode = .auto) -> any SubscriptionTransport {
    if let endpoint {
      let timeout = requestOptions.timeout
      return HTTPSubscriptionTransport(
        endpoint: endpoint, client: HTTPClient(timeout: timeout, tls: requestOptions.tls), timeout: timeout,
        mode: mode)
    }
    if let embedded { return embedded }
    return LazyBackendTransport(databasePath: databasePath)
  }
}
