/// The cache file remembers what each endpoint can do, beside its records: a finding made by
/// one process (a server that takes no persisted queries) spares the next ones the attempt.
///
/// Findings are kept a day, under the endpoint as partitions name it (any password masked). They are not records: `cache clear` and logging out leave them,
/// and a cache that is off (a problem with the file) remembers nothing.
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
    _ = await writer.run { [self] () -> Bool in
      withDatabase {
        try $0.rememberCapability(capability.name, at: key, supported: supported, until: until)
      } != nil
    }
  }
}
