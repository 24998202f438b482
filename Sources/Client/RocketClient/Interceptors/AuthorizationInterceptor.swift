/// Adds `Authorization: <token>` (bare, as the tutorial apps send it) from the credential saved
/// for the request's endpoint, read on every request so another process's login counts at once;
/// a request that has the field already keeps it. The token only goes to the endpoint it was
/// saved for (the HTTP transport follows no redirect).
public struct AuthorizationInterceptor: RequestInterceptor {
  /// Where the tokens are kept.
  public let credentials: any CredentialStore

  /// - Parameter credentials: the store to read tokens from.
  public init(credentials: any CredentialStore) {
    self.credentials = credentials
  }

  /// Sets the `Authorization` header to the endpoint's token when there is one, then proceeds.
  /// A store that cannot be read safely is an error, not an anonymous request.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    var request = request
    if request.authorization == nil,
      let credential = try RocketClientError.fromStore({
        try credentials.credential(for: request.endpointKey)
      })
    {
      request.authorization = credential.token
    }
    return try await chain.proceed(request)
  }
}
