import RocketClient
import Synchronization

/// The credential store as the commands see it: a command that needs no login keeps working
/// when the credentials file cannot be read (too open, corrupt, not a file), with one warning;
/// a command that needs one fails with the store's message and status 78 (`EX_CONFIG`).
///
/// Which it is comes from `LenientCredentialStore.$forgivesUnreadableStore`, set by the REPL
/// around each command. Thread safety: the inner store is `Sendable`, the warning flag a `Mutex`.
final class LenientCredentialStore: CredentialStore {
  /// True while a command that needs no login runs: an unreadable store then reads as empty.
  @TaskLocal static var forgivesUnreadableStore = false

  private let inner: any CredentialStore
  private let warn: @Sendable (String) -> Void
  private let hasWarned = Mutex(false)

  /// - Parameters:
  ///   - inner: the real store.
  ///   - warn: receives the one warning per session (default: standard error).
  init(
    _ inner: any CredentialStore,
    warn: @escaping @Sendable (String) -> Void = { writeStandardError("rocket-reserver: warning: \($0)\n") }
  ) {
    self.inner = inner
    self.warn = warn
  }

  var location: String { inner.location }

  func credential(for endpoint: String) throws -> Credential? {
    do {
      return try inner.credential(for: endpoint)
    } catch {
      guard Self.forgivesUnreadableStore else { throw error }
      let first = hasWarned.withLock { warned in
        defer { warned = true }
        return !warned
      }
      if first { warn("\(error); going on without a login") }
      return nil
    }
  }

  func allCredentials() throws -> [Credential] { try inner.allCredentials() }

  func save(_ credential: Credential) throws { try inner.save(credential) }

  @discardableResult
  func remove(endpoint: String) throws -> Bool { try inner.remove(endpoint: endpoint) }
}
