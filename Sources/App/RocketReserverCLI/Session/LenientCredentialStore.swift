import CommandLineKit
import RocketClient
import Synchronization

/// The credential store as the commands see it: while a command that needs no login runs
/// (``forgiving(_:while:)``), an unreadable credentials file reads as empty, with one warning;
/// otherwise it fails with the store's message (status 78).
final class LenientCredentialStore: CredentialStore {
  private let inner: any CredentialStore
  private let warn: @Sendable (String) -> Void
  private let hasWarned = Mutex(false)
  /// True while a command that needs no login runs: an unreadable store then reads as empty.
  private let forgives = Mutex(false)

  /// Wraps `inner`; `warn` gets the one warning per session.
  init(
    _ inner: any CredentialStore,
    warn: @escaping @Sendable (String) -> Void = { writeStandardError("rocket-reserver: warning: \($0)\n") }
  ) {
    self.inner = inner
    self.warn = warn
  }

  var location: String { inner.location }

  /// Runs `work` with an unreadable store read as empty (with one warning) when `forgiving`,
  /// else failing as the inner store does; the mode before comes back afterwards.
  func forgiving<T>(_ forgiving: Bool, while work: () async -> T) async -> T {
    let before = forgives.withLock { mode in
      defer { mode = forgiving }
      return mode
    }
    defer { forgives.withLock { $0 = before } }
    return await work()
  }

  func credential(for endpoint: String) throws -> Credential? {
    do {
      return try inner.credential(for: endpoint)
    } catch {
      guard forgives.withLock({ $0 }) else { throw error }
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
