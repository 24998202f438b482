import RocketClient
import Synchronization

/// Keeps the login token in memory for the life of the program: a ``CredentialStore`` that
/// writes no file.
final class MemoryCredentials: CredentialStore {
  private let saved = Mutex<[String: Credential]>([:])

  var location: String { "memory" }

  func credential(for endpoint: String) -> Credential? { saved.withLock { $0[endpoint] } }

  func save(_ credential: Credential) { saved.withLock { $0[credential.endpoint] = credential } }

  func remove(endpoint: String) -> Bool { saved.withLock { $0.removeValue(forKey: endpoint) != nil } }
}
