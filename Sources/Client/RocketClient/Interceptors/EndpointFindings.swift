import Synchronization

/// What an interceptor learnt about each endpoint in this process, shared by every copy of it.
final class EndpointFindings<Finding: Sendable & Equatable>: Sendable {
  private let findings = Mutex<[String: Finding]>([:])

  /// What is known about `endpoint`, nil when nothing is.
  subscript(endpoint: String) -> Finding? { findings.withLock { $0[endpoint] } }

  /// Records `finding` unless another task settled `endpoint` first; returns that task's finding,
  /// nil when this call settled it.
  func settle(_ endpoint: String, _ finding: Finding) -> Finding? {
    findings.withLock { findings in
      if let known = findings[endpoint] { return known }
      findings[endpoint] = finding
      return nil
    }
  }

  /// Replaces what is known about `endpoint` with `change` of it; returns what was known before.
  @discardableResult
  func update(_ endpoint: String, _ change: (Finding?) -> Finding) -> Finding? {
    findings.withLock { findings in
      let known = findings[endpoint]
      findings[endpoint] = change(known)
      return known
    }
  }
}
