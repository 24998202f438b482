import RocketClient
import Synchronization

/// Credentials kept in memory, as a library user's own ``CredentialStore`` might keep them: the
/// client's tests need no file (the program's file store has its own tests).
final class MemoryCredentialStore: CredentialStore {
  /// Why reading fails, while set: a store that exists but cannot be read safely.
  struct Unreadable: Error, CustomStringConvertible {
    var description: String
  }

  private let saved = Mutex<[String: Credential]>([:])
  private let failure = Mutex<Unreadable?>(nil)

  var location: String { "memory" }

  /// Makes every later read fail with `message`.
  func makeUnreadable(_ message: String) { failure.withLock { $0 = Unreadable(description: message) } }

  func credential(for endpoint: String) throws -> Credential? {
    if let failure = failure.withLock({ $0 }) { throw failure }
    return saved.withLock { $0[endpoint] }
  }

  func allCredentials() throws -> [Credential] {
    saved.withLock { $0.values.sorted { $0.endpoint < $1.endpoint } }
  }

  func save(_ credential: Credential) throws {
    saved.withLock { $0[credential.endpoint] = credential }
  }

  @discardableResult
  func remove(endpoint: String) throws -> Bool {
    saved.withLock { $0.removeValue(forKey: endpoint) != nil }
  }
}
