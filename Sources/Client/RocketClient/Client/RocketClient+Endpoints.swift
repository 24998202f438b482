import FoundationEssentials

extension RocketClient {
  /// A client for a server at `endpoint`, keyed by the URL as given in the store.
  ///
  /// - Parameters:
  ///   - endpoint: the GraphQL endpoint URL.
  ///   - credentials: the token store (nil: anonymous only).
  ///   - timeout: the longest wait for one response (default 30 seconds).
  ///   - interceptors: steps before the authorization step (default: retry a query once on a
  ///     dropped connection).
  public static func http(
    endpoint: URL, credentials: (any CredentialStore)?, timeout: Duration = .seconds(30),
    interceptors: [any RequestInterceptor] = [RetryInterceptor()]
  ) -> RocketClient {
    RocketClient(
      transport: HTTPTransport(endpoint: endpoint, client: HTTPClient(timeout: timeout)),
      credentials: credentials, endpointKey: endpoint.absoluteString, interceptors: interceptors)
  }
}
