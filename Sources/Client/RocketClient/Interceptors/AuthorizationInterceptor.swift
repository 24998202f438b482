/// Adds `Authorization: <token>` from the credential saved for the request's endpoint.
///
/// The token goes bare, as the tutorial apps send it, so the hosted tutorial server and ours both
/// accept it. Without a saved credential the request stays anonymous, and a request that already
/// has an `Authorization` field (given with `--header`) keeps it. The store is read on every
/// request, so a login or logout by another process (a one-shot command beside a REPL) counts at
/// once. The token is only ever sent to the endpoint it was saved for: the key is the request's
/// endpoint, and the HTTP transport follows no redirect.
///
/// A plain value: safe to share between tasks.
public struct AuthorizationInterceptor: RequestInterceptor {
  /// Where the tokens are kept.
  public let credentials: any CredentialStore

  /// - Parameter credentials: the store to read tokens from.
  public init(credentials: any CredentialStore) {
    self.credentials = credentials
  }

  /// Sets the `Authorization` header to the endpoint's token when there is one, then proceeds.
  ///
  /// - Throws: ``RocketClientError/credentials(message:)`` when the store exists but cannot be read
  ///   safely (for example a credentials file others can read): sending anonymously instead would
  ///   hide the problem behind confusing "log in first" errors.
  public func intercept(_ request: OutgoingRequest, chain: RequestChain) async throws(RocketClientError)
    -> TransportResponse
  {
    var request = request
    if request.authorization == nil {
      let credential: Credential?
      do {
        credential = try credentials.credential(for: request.endpointKey)
      } catch {
        throw RocketClientError.credentials(message: "\(error)")
      }
      if let credential { request.authorization = credential.token }
    }
    return try await chain.proceed(request)
  }
}
