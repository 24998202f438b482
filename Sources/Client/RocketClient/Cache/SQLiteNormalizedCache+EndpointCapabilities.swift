/// The cache file remembers what each endpoint can do for a day, under the endpoint as partitions
/// name it: one process's finding spares the next ones the attempt. `cache clear` and logging out
/// leave the findings; a cache that is off remembers nothing.
extension SQLiteNormalizedCache: EndpointCapabilityMemory {
  /// How long a finding is recalled: a day.
  static let capabilityLifetime: Int64 = 86_400

  public func recall(_ capability: EndpointCapability, at endpoint: String) -> Bool? {
    let time = now()
    let key = RocketClientError.displayed(endpoint)
    let found = try? withReader { try $0.capability(capability.name, at: key, now: time) }
    return found ?? nil
  }

  public func remember(_ capability: EndpointCapability, at endpoint: String, supported: Bool) async {
    let until = now() + Self.capabilityLifetime
    let key = RocketClientError.displayed(endpoint)
    await writer.run { [self] in
      _ = try? withDatabaseOrThrow {
        try $0.rememberCapability(capability.name, at: key, supported: supported, until: until)
      }
    }
  }
}
