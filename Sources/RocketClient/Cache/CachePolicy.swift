/// Where an operation's answer comes from: the network, the normalized cache, or both (the
/// names of Apollo iOS 2).
///
/// Mutations always go to the network and write their results through, whatever the policy.
public enum CachePolicy: String, Sendable, CaseIterable {
  /// The cached answer when the cache holds all of it; else the network.
  case cacheFirst = "cache-first"
  /// The network; when the server cannot be reached, the cached answer (the default).
  case networkFirst = "network-first"
  /// The network only (its answer is still written to the cache).
  case networkOnly = "network-only"
  /// The cache only; nothing is sent.
  case cacheOnly = "cache-only"
  /// The cached answer at once, then the network's: a watcher yields both; a single fetch
  /// returns the cached answer and refreshes the cache from the network (the network's answer
  /// when nothing is cached).
  case cacheAndNetwork = "cache-and-network"
}
