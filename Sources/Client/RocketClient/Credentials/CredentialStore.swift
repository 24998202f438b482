/// Keeps the user's ``Credential``s, one per endpoint: a program brings one (in memory, a file:
/// `rocket-reserver` keeps a 0600 JSON file). Implementation requirements: calls may come from
/// any thread (and, for a file, from several processes); a save or remove happens completely or
/// not at all; errors are user-facing and never contain a token.
public protocol CredentialStore: Sendable {
  /// Where the credentials are kept, in words the user can act on (shown when a token is saved).
  var location: String { get }

  /// The credential saved for `endpoint` (matched exactly), or nil; throws when the store exists
  /// but cannot be read safely.
  func credential(for endpoint: String) throws -> Credential?

  /// Saves `credential`, replacing any for the same endpoint; nothing changes when it throws.
  func save(_ credential: Credential) throws

  /// Every saved credential, sorted by endpoint.
  func allCredentials() throws -> [Credential]

  /// Deletes the credential for `endpoint` (logout); true when there was one.
  @discardableResult
  func remove(endpoint: String) throws -> Bool
}

extension CredentialStore {
  /// A store that cannot list its credentials lists none.
  public func allCredentials() throws -> [Credential] { [] }
}
