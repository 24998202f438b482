/// Adds `Authorization: <token>` from the credential saved for the request's endpoint.
///
/// The token goes bare, as the tutorial apps send it, so the hosted tutorial server and ours both
/// accept it. Without a saved credential the request stays anonymous. The store is read on every
/// request, so a login or logout by another process (a one-shot command beside a REPL) counts at once.
///
/// A plain value: safe to share between tasks.
public struct AuthorizationInterceptor: RequestInterceptor {
  /// Where the tokens are kept.
  public let credentials: any CredentialStore

  /// - Parameter credentials: the store to read tokens from.
  public init(credentials: any CredentialStore) {
    self.credentials = credentials
  }

  /// Sets `request.authorization` to the endpoint's token when there is one.
  ///
  /// - Throws: ``RocketClientError/credentials(message:)`` when the store exists but cannot be read
  ///   safely (for example a credentials file others can read): sending anonymously instead would
  ///   hide the problem behind confusing "log in first" errors.
  public func intercept(_ request: inout OutgoingRequest) async throws(RocketClientError) {
    let credential: Credential?
    do {
      credential = try credentials.credential(for: request.endpointKey)
    } catch {
      throw RocketClientError.credentials(message: "\(error)")
    }
    if let credential { request.authorization = credential.token }
  }
}
