import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What the client found out about each endpoint's ``EndpointCapability``s, kept for a while (a
/// server can change behind the same URL) so later requests and processes skip the attempt that
/// would fail. Implementation requirements: ``recall(_:at:)`` answers quickly on the caller's
/// thread; ``remember(_:at:supported:)`` may block, but not on Swift's cooperative pool; a memory
/// that cannot be read or written forgets quietly; every method is safe from many tasks at once.
public protocol EndpointCapabilityMemory: Sendable {
  /// What was last found about `capability` at `endpoint` (an endpoint key: the URL string),
  /// while it is fresh: true (it has it), false (it lacks it), nil (not known, or too old).
  func recall(_ capability: EndpointCapability, at endpoint: String) -> Bool?

  /// Notes that `endpoint` has (or lacks) `capability`, for the memory's lifetime.
  func remember(_ capability: EndpointCapability, at endpoint: String, supported: Bool) async
}

/// An ``EndpointCapabilityMemory`` in the process's memory only (a shell's session, a test).
public final class InMemoryEndpointCapabilities: EndpointCapabilityMemory {
  private struct Key: Hashable {
    let endpoint: String
    let capability: EndpointCapability
  }

  private let findings = Mutex<[Key: (supported: Bool, until: Int64)]>([:])
  private let lifetime: Int64
  private let now: @Sendable () -> Int64

  /// A memory recalling findings for `lifetime`, by the clock `now` (seconds since 1970).
  public init(
    lifetime: Duration = .seconds(86_400), now: @escaping @Sendable () -> Int64 = { Int64(time(nil)) }
  ) {
    self.lifetime = lifetime.components.seconds
    self.now = now
  }

  public func recall(_ capability: EndpointCapability, at endpoint: String) -> Bool? {
    let time = now()
    return findings.withLock { findings in
      guard let finding = findings[Key(endpoint: endpoint, capability: capability)], finding.until > time
      else { return nil }
      return finding.supported
    }
  }

  public func remember(_ capability: EndpointCapability, at endpoint: String, supported: Bool) async {
    let until = now() + lifetime
    findings.withLock { $0[Key(endpoint: endpoint, capability: capability)] = (supported, until) }
  }
}
