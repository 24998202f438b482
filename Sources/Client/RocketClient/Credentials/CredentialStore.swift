/// Keeps the user's ``Credential``s, one per endpoint: where the client's
/// ``AuthorizationInterceptor`` reads tokens and ``RocketClient/logIn(_:email:context:token:)`` saves them.
/// The client has no store of its own; a program brings one (in memory, a keychain, a file:
/// `rocket-reserver` keeps a 0600 JSON file).
///
/// Implementation requirements: calls may come from any thread, and for a store shared between
/// processes (a file) from several processes at once; a save or remove either happens completely
/// or not at all. Errors are user-facing (`CustomStringConvertible`) and never contain a token.
public protocol CredentialStore: Sendable {
  /// Where the credentials are kept, in words the user can act on (for a file, its path).
  /// Shown when a token is saved, as users are entitled to know where a secret lives.
  var location: String { get }

  /// The credential saved for `endpoint`, or nil when there is none.
  ///
  /// - Parameter endpoint: ``Credential/embeddedEndpoint`` or an endpoint URL string, matched exactly.
  /// - Throws: when the store exists but cannot be read safely.
  func credential(for endpoint: String) throws -> Credential?

  /// Saves `credential`, replacing any credential for the same endpoint and keeping the others.
  ///
  /// - Throws: when the store cannot be written safely; nothing is changed then.
  func save(_ credential: Credential) throws

  /// Every saved credential, sorted by endpoint (for listing logins, or logging out of all).
  ///
  /// - Throws: when the store exists but cannot be read safely.
  func allCredentials() throws -> [Credential]

  /// Deletes the credential for `endpoint` (logout).
  ///
  /// - Returns: true when there was one to delete.
  /// - Throws: when the store cannot be read or written safely; nothing is changed then.
  @discardableResult
  func remove(endpoint: String) throws -> Bool
}

extension CredentialStore {
  /// A store that cannot list its credentials lists none.
  public func allCredentials() throws -> [Credential] { [] }
}
