import FoundationEssentials

extension RocketClient {
  /// A client for a server at `endpoint`, keyed by the URL as given; `interceptors` run before
  /// the authorization step (default: retry a query once on a dropped connection).
  public static func http(
    endpoint: URL, credentials: (any CredentialStore)?, timeout: Duration = .seconds(30),
    interceptors: [any RequestInterceptor] = [RetryInterceptor()]
  ) -> RocketClient {
    RocketClient(
      transport: HTTPTransport(endpoint: endpoint, client: HTTPClient(timeout: timeout)),
      credentials: credentials, endpointKey: endpoint.absoluteString, interceptors: interceptors)
  }
}
